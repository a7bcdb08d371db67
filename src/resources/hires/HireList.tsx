// /hires: the hires of the organisation's machines and of machines it hires, newest first, with
// search and filters by status, customer and site, a CSV export in the import's own columns, and
// for a rental company's admins the new-hire and ERP import actions.
import { stringify } from 'csv-stringify/browser/esm/sync';
import {
  CreateButton,
  DataTable,
  downloadCSV,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useDataProvider,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { HIRE_CSV_COLUMNS, HIRE_FLAGS, HIRE_STATES, type Hire } from '../../domain/api/hires.ts';
import { links } from '../../domain/paths.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { hireKeys } from '../../dataProvider/hires.ts';
import { When } from '../../common/fields.tsx';
import { useFormat } from '../../common/useFormat.ts';
import { TableOrCards, usePhone } from '../../common/phone.tsx';
import { usePhoneFilters } from '../../common/PhoneFilters.tsx';
import { HireStatusChip, useLetsMachines } from './HireFields.tsx';
import { HireImportButton } from './HireImport.tsx';
import { RentalSettingsButton } from './RentalSettingsButton.tsx';

/** The export is the import's own file (a round trip through the ERP), with the status beside. */
const exporter: Exporter<Hire> = (hires) => {
  const columns = [...HIRE_CSV_COLUMNS, 'machineName', 'status'] as const;
  const rows = hires.map((hire) =>
    columns.map((column) => {
      const value = column === 'site' ? hire.site : hire[column];
      return value === null || value === undefined ? '' : String(value);
    }),
  );
  downloadCSV(stringify([columns as readonly string[], ...rows]), 'hires');
};

function useFilters() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const customers = useQuery({
    queryKey: hireKeys.customers,
    queryFn: () => dataProvider.getHireCustomers(),
  });
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      choices={HIRE_STATES.map((id) => ({ id, name: translate(`app.hires.statuses.${id}`) }))}
    />,
    <SelectInput
      key="flag"
      source="flag"
      choices={HIRE_FLAGS.map((id) => ({ id, name: translate(`app.hires.flags.${id}`) }))}
    />,
    <SelectInput
      key="customerOrganisationId"
      source="customerOrganisationId"
      choices={customers.data?.customers ?? []}
    />,
  ]);
}

function MachineLink({ hire }: { hire: Hire }) {
  return (
    <Link
      component={RouterLink}
      to={links.machine(hire.machineId)}
      onClick={(event) => event.stopPropagation()}
    >
      {hire.machineName}
    </Link>
  );
}

function HireCards() {
  const format = useFormat();
  return (
    <SimpleList<Hire>
      rowClick="show"
      primaryText={(hire) => `${hire.contractNumber} · ${hire.machineName}`}
      secondaryText={(hire) =>
        [hire.customer, hire.site, format.dateTime(hire.onHireAt)].filter(Boolean).join(' · ')
      }
      tertiaryText={(hire) => <HireStatusChip status={hire.status} />}
    />
  );
}

function HireTable() {
  return (
    <TableOrCards cards={<HireCards />}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="status">
          <FunctionField<Hire> render={(hire) => <HireStatusChip status={hire.status} />} />
        </DataTable.Col>
        <DataTable.Col source="contractNumber" />
        <DataTable.Col source="machineName">
          <FunctionField<Hire> render={(hire) => <MachineLink hire={hire} />} />
        </DataTable.Col>
        <DataTable.Col source="assetId" disableSort />
        <DataTable.Col source="customer" />
        <DataTable.Col source="site" />
        <DataTable.Col source="onHireAt">
          <FunctionField<Hire> render={(hire) => <When value={hire.onHireAt} />} />
        </DataTable.Col>
        <DataTable.Col source="offHireAt">
          <FunctionField<Hire> render={(hire) => <When value={hire.offHireAt} />} />
        </DataTable.Col>
      </DataTable>
    </TableOrCards>
  );
}

export default function HireList() {
  const phone = usePhone();
  const letsMachines = useLetsMachines();
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'onHireAt', order: 'DESC' }}
      perPage={25}
      exporter={exporter}
      actions={
        <TopToolbar>
          {/* On a phone the filters open in their own drawer (usePhoneFilters). */}
          {phone ? null : <FilterButton />}
          {letsMachines ? <CreateButton /> : null}
          {letsMachines ? <HireImportButton /> : null}
          {letsMachines ? <RentalSettingsButton /> : null}
          <ExportButton label="app.hires.export" />
        </TopToolbar>
      }
    >
      <HireTable />
    </List>
  );
}
