// Staff's gateways: /admin/gateways (every organisation's, and those only seen on the network),
// /admin/gateways/register, /admin/gateways/{id}/edit (whose it is, with what it heard) and
// /admin/gateways/{id}/configure (network server, intervals, place for coverage).
import { Box, Button, Typography } from '@mui/material';
import Settings from '@mui/icons-material/Settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  EditBase,
  FunctionField,
  List,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import {
  GATEWAY_KINDS,
  type GatewayConfigurationBody,
  type GatewayRecord,
} from '../../domain/api/gateways.ts';
import { formatMacLike, gatewayEui } from '../../domain/devices.ts';
import { links } from '../../domain/paths.ts';
import { gatewayColumns, GatewaySummary, useStatusChoices } from './GatewayScreens.tsx';
import { GatewayTraffic } from './GatewayTraffic.tsx';
import { DecimalInput } from '../../common/DecimalInput.tsx';

function useKindChoices() {
  const translate = useTranslate();
  return GATEWAY_KINDS.map((kind) => ({ id: kind, name: translate(`app.devices.kinds.${kind}`) }));
}

/** A gateway only seen on the network is one click from being registered. */
function RegisterThis() {
  const translate = useTranslate();
  const gateway = useRecordContext<GatewayRecord>();
  if (!gateway || gateway.organisationId) return null;
  return (
    <Button
      size="small"
      component={Link}
      to={links.adminGatewayRegister(gateway.eui)}
      onClick={(event) => event.stopPropagation()}
    >
      {translate('app.devices.gateway.register_this')}
    </Button>
  );
}

export function AdminGatewayList() {
  const statuses = useStatusChoices();
  return (
    <List
      resource="admin/gateways"
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton to={links.adminGatewayRegister()} label="app.devices.gateway.register" />
        </TopToolbar>
      }
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
        <BooleanInput key="registered" source="registered" />,
      ]}
    >
      <DataTable rowClick={(id) => links.adminGateway(String(id))} bulkActionButtons={false}>
        {gatewayColumns()}
        <DataTable.Col source="organisationName" disableSort>
          <FunctionField<GatewayRecord> render={(g) => g.organisationName ?? <RegisterThis />} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

const euiValidate = (value: string | undefined) =>
  value && gatewayEui(value) ? undefined : 'app.devices.gateway.eui_invalid';

export function GatewayRegister() {
  const kinds = useKindChoices();
  const [search] = useSearchParams();
  return (
    <Create
      resource="admin/gateways"
      redirect={(_resource, id) => links.adminGateway(String(id))}
      title="app.devices.gateway.register"
    >
      <SimpleForm defaultValues={{ eui: formatMacLike(search.get('eui') ?? ''), kind: 'LORAWAN' }}>
        <TextInput
          source="eui"
          validate={[required(), euiValidate]}
          format={(value: string | undefined) => value ?? ''}
          parse={(value: string) => formatMacLike(value)}
          helperText="app.devices.gateway.eui_help"
        />
        <SelectInput source="kind" choices={kinds} validate={required()} />
        <TextInput source="model" />
        <TextInput source="name" />
        <ReferenceInput source="organisationId" reference="admin/orgs/settings">
          <AutocompleteInput optionText="name" validate={required()} />
        </ReferenceInput>
      </SimpleForm>
    </Create>
  );
}

function AdminGatewayPanel() {
  const translate = useTranslate();
  const gateway = useRecordContext<GatewayRecord>();
  if (!gateway) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          component={Link}
          to={links.adminGatewayConfigure(gateway.id)}
          startIcon={<Settings />}
          variant="outlined"
        >
          {translate('app.devices.gateway.configure')}
        </Button>
      </Box>
      <GatewaySummary gateway={gateway} />
      <GatewayTraffic id={gateway.id} scope="admin" />
    </Box>
  );
}

export function AdminGatewayEdit() {
  const kinds = useKindChoices();
  const { id } = useParams();
  return (
    <Edit resource="admin/gateways" id={id} mutationMode="pessimistic" redirect={false}>
      <SimpleForm>
        <TextInput source="eui" disabled />
        <SelectInput source="kind" choices={kinds} validate={required()} />
        <TextInput source="model" parse={(value: string) => (value.trim() ? value : null)} />
        <TextInput source="name" parse={(value: string) => (value.trim() ? value : null)} />
        <ReferenceInput source="organisationId" reference="admin/orgs/settings">
          <AutocompleteInput optionText="name" />
        </ReferenceInput>
      </SimpleForm>
      <Box sx={{ px: 2, pb: 2 }}>
        <AdminGatewayPanel />
      </Box>
    </Edit>
  );
}

/** The configuration's fields, as PUT takes them. */
function configurationOf(data: Partial<GatewayRecord>): GatewayConfigurationBody {
  return {
    networkServerUrl: data.networkServerUrl?.trim() ? data.networkServerUrl.trim() : null,
    expectedIntervalS: data.expectedIntervalS,
    offlineAfterS: data.offlineAfterS,
    latitude: data.latitude ?? null,
    longitude: data.longitude ?? null,
  };
}

function ConfigureForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const gateway = useRecordContext<GatewayRecord>();
  const save = useMutation({
    mutationFn: (data: Partial<GatewayRecord>) =>
      dataProvider.configureGateway(String(gateway?.id), configurationOf(data)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['admin/gateways'] });
      notify('app.devices.gateway.configured', { type: 'success' });
      void navigate(links.adminGateway(saved.id));
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!gateway) return null;
  return (
    <SimpleForm record={gateway} onSubmit={(data: Partial<GatewayRecord>) => save.mutate(data)}>
      <Typography variant="h6">
        {translate('app.devices.gateway.configure')}: {gateway.name ?? gateway.eui}
      </Typography>
      <TextInput source="networkServerUrl" type="url" fullWidth />
      <DecimalInput source="expectedIntervalS" min={10} max={86_400} validate={required()} />
      <DecimalInput source="offlineAfterS" min={60} max={604_800} validate={required()} />
      <Typography variant="body2" color="text.secondary">
        {translate('app.devices.gateway.coverage_place')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <DecimalInput source="latitude" min={-90} max={90} />
        <DecimalInput source="longitude" min={-180} max={180} />
      </Box>
    </SimpleForm>
  );
}

export function GatewayConfigure() {
  const { id } = useParams();
  return (
    <EditBase resource="admin/gateways" id={id}>
      <Box sx={{ p: 2 }} data-testid="gateway-configure">
        <ConfigureForm />
      </Box>
    </EditBase>
  );
}
