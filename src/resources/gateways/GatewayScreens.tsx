// The organisation's gateways: /gateways (and /gateways/list), /gateways/{id} with its place, the
// sensors it heard and its uplinks per hour, and /gateways/{id}/edit (name, site, place).
import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import {
  AutocompleteInput,
  DataTable,
  SimpleList,
  Edit as EditView,
  FunctionField,
  List,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  ShowBase,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CircleMarker, MapContainer, Tooltip as MapTooltip } from 'react-leaflet';
import { Link, useParams } from 'react-router-dom';
import type { GatewayRecord } from '../../domain/api/gateways.ts';
import { GATEWAY_STATUSES } from '../../domain/devices.ts';
import { links } from '../../domain/paths.ts';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { TableOrCards } from '../../common/phone.tsx';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { StatusChip } from '../../common/DeviceHealth.tsx';
import { When } from '../../common/fields.tsx';
import { useCanCall } from '../../common/useCanCall.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { GatewayTraffic } from './GatewayTraffic.tsx';
import { DecimalInput } from '../../common/DecimalInput.tsx';
import { usePhoneFilters } from '../../common/PhoneFilters.tsx';

export function useStatusChoices() {
  const translate = useTranslate();
  return GATEWAY_STATUSES.map((status) => ({
    id: status,
    name: translate(`app.devices.status.${status}`),
  }));
}

/** The columns both gateway lists show. */
export function gatewayColumns() {
  return [
    <DataTable.Col key="name" source="name">
      <FunctionField<GatewayRecord> render={(g) => g.name ?? g.eui} />
    </DataTable.Col>,
    <DataTable.Col key="eui" source="eui" />,
    <DataTable.Col key="status" source="status">
      <FunctionField<GatewayRecord> render={(g) => <StatusChip status={g.status} />} />
    </DataTable.Col>,
    <DataTable.Col key="site" source="site" label="resources.gateways.fields.siteName">
      <FunctionField<GatewayRecord> render={(g) => g.siteName ?? '–'} />
    </DataTable.Col>,
    <DataTable.Col key="lastUplinkAt" source="lastUplinkAt">
      <FunctionField<GatewayRecord> render={(g) => <When value={g.lastUplinkAt} />} />
    </DataTable.Col>,
    <DataTable.Col key="sensors" source="sensors" label="resources.gateways.fields.sensors24h">
      <FunctionField<GatewayRecord> render={(g) => g.sensors24h} />
    </DataTable.Col>,
    <DataTable.Col key="uplinks24h" source="uplinks24h" disableSort />,
  ];
}

export function GatewayList() {
  const statuses = useStatusChoices();
  return (
    <FeatureGate flag="navigation.gateways">
      <List
        resource="gateways"
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        filters={usePhoneFilters([
          <SearchInput key="q" source="q" alwaysOn />,
          <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
        ])}
      >
        <TableOrCards
          cards={
            <SimpleList<GatewayRecord>
              rowClick={(id) => links.gateway(String(id))}
              primaryText={(g) => g.name ?? g.eui}
              secondaryText={(g) => [g.eui, g.siteName].filter(Boolean).join(' · ')}
              tertiaryText={(g) => <StatusChip status={g.status} />}
            />
          }
        >
          <DataTable rowClick={(id) => links.gateway(String(id))} bulkActionButtons={false}>
            {gatewayColumns()}
          </DataTable>
        </TableOrCards>
      </List>
    </FeatureGate>
  );
}

/** The gateway on a small map, where staff placed it or where it says it is. */
export function GatewayPlace({ gateway }: { gateway: GatewayRecord }) {
  const translate = useTranslate();
  if (gateway.latitude === null || gateway.longitude === null)
    return (
      <Typography color="text.secondary">{translate('app.devices.gateway.no_location')}</Typography>
    );
  return (
    <Box sx={{ height: 260, borderRadius: 1, overflow: 'hidden' }} data-testid="gateway-map">
      <MapContainer
        center={[gateway.latitude, gateway.longitude]}
        zoom={13}
        maxZoom={19}
        style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
      >
        <BaseLayers />
        <CircleMarker
          center={[gateway.latitude, gateway.longitude]}
          radius={9}
          pathOptions={{ color: gateway.status === 'online' ? '#2e7d32' : '#c62828' }}
        >
          <MapTooltip permanent>{gateway.name ?? gateway.eui}</MapTooltip>
        </CircleMarker>
      </MapContainer>
    </Box>
  );
}

/** What a gateway is: its identity, state and place. */
export function GatewaySummary({ gateway }: { gateway: GatewayRecord }) {
  const translate = useTranslate();
  const field = (key: string, value: ReactNode) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {translate(`resources.gateways.fields.${key}`)}
      </Typography>
      <Typography component="div">{value ?? '–'}</Typography>
    </Box>
  );
  return (
    <Card variant="outlined">
      <CardContent
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        <Box
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', alignContent: 'start' }}
        >
          {field('eui', gateway.eui)}
          {field('status', <StatusChip status={gateway.status} />)}
          {field('kind', translate(`app.devices.kinds.${gateway.kind}`))}
          {field('model', gateway.model)}
          {field('siteName', gateway.siteName)}
          {field(
            'organisationName',
            gateway.organisationName ?? translate('app.devices.gateway.unregistered'),
          )}
          {field('lastUplinkAt', <When value={gateway.lastUplinkAt} />)}
          {field('firstSeenAt', <When value={gateway.firstSeenAt} />)}
          {field('sensors24h', gateway.sensors24h)}
          {field('uplinks24h', gateway.uplinks24h)}
        </Box>
        <GatewayPlace gateway={gateway} />
      </CardContent>
    </Card>
  );
}

function GatewayDetails() {
  const translate = useTranslate();
  const gateway = useRecordContext<GatewayRecord>();
  const canEdit = useCanCall()('PUT', endpoints.portal.gateways.item);
  if (!gateway) return null;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="gateway-details">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {gateway.name ?? gateway.eui}
        </Typography>
        {canEdit ? (
          <Button component={Link} to={links.gatewayEdit(gateway.id)} startIcon={<Edit />}>
            {translate('ra.action.edit')}
          </Button>
        ) : null}
      </Box>
      <GatewaySummary gateway={gateway} />
      <GatewayTraffic id={gateway.id} scope="portal" />
    </Box>
  );
}

export function GatewayShow() {
  const { id } = useParams();
  return (
    <FeatureGate flag="navigation.gateways">
      <ShowBase resource="gateways" id={id}>
        <GatewayDetails />
      </ShowBase>
    </FeatureGate>
  );
}

export function GatewayEdit() {
  const { id } = useParams();
  // Who may not change a gateway reads it: its details, without fields that only fail.
  if (!useCanCall()('PUT', endpoints.portal.gateways.item)) return <GatewayShow />;
  return (
    <FeatureGate flag="navigation.gateways">
      <EditView
        resource="gateways"
        id={id}
        mutationMode="pessimistic"
        redirect={(_resource, recordId) => links.gateway(String(recordId))}
      >
        {/* Gateways are not deleted from the portal: Save only. */}
        <SimpleForm
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <TextInput source="eui" disabled />
          <TextInput source="name" parse={(value: string) => (value.trim() ? value : null)} />
          <ReferenceInput source="siteId" reference="sites">
            <AutocompleteInput optionText="name" />
          </ReferenceInput>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <DecimalInput source="latitude" min={-90} max={90} />
            <DecimalInput source="longitude" min={-180} max={180} />
          </Box>
        </SimpleForm>
      </EditView>
    </FeatureGate>
  );
}
