// /maintenance: every machine × task with its status, next due (meter and day), what remains and the
// forecast at the machine's own pace, worst first; filters by status, category, site and task; a
// CSV of the rows, the Service due report (PDF, CSV, schedulable), and "Record service" per row for
// the organisation's writers.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { Button, Link } from '@mui/material';
import Build from '@mui/icons-material/Build';
import NoteAdd from '@mui/icons-material/NoteAdd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable,
  downloadCSV,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useDataProvider,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { maintenanceKeys } from '../../dataProvider/maintenance.ts';
import { SERVICE_STATUSES, type MaintenanceRow } from '../../domain/api/maintenance.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { links } from '../../domain/paths.ts';
import { useFormat } from '../../common/useFormat.ts';
import { useCanCall } from '../../common/useCanCall.ts';
import { TableOrCards, usePhone } from '../../common/phone.tsx';
import { usePhoneFilters } from '../../common/PhoneFilters.tsx';
import { Forecast, MeterNow, NextDue, Remaining, ServiceStatusChip, TaskName } from './fields.tsx';
import { ServiceDialog } from './ServiceDialog.tsx';

const CSV_COLUMNS = [
  'machineName',
  'assetId',
  'task',
  'status',
  'safetyCritical',
  'meterH',
  'meterSource',
  'lastDoneDay',
  'lastDoneMeterH',
  'nextDueMeterH',
  'nextDueDay',
  'nextDueKm',
  'remainingH',
  'remainingDays',
  'remainingKm',
  'forecastDay',
  'dailyHours',
] as const satisfies readonly (keyof MaintenanceRow)[];

const exporter: Exporter<MaintenanceRow> = (rows) => {
  const body = rows.map((row) =>
    CSV_COLUMNS.map((column) => {
      const value = row[column];
      return value === null || value === undefined ? '' : String(value);
    }),
  );
  downloadCSV(stringify([[...CSV_COLUMNS], ...body]), 'maintenance');
};

function useFilters() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const choices = useQuery({
    queryKey: maintenanceKeys.choices,
    queryFn: () => dataProvider.getServicePlanChoices(),
  });
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput
      key="status"
      source="status"
      choices={SERVICE_STATUSES.map((id) => ({
        id,
        name: translate(`app.maintenance.statuses.${id}`),
      }))}
    />,
    <SelectInput
      key="category"
      source="category"
      choices={(choices.data?.categories ?? []).map((id) => ({ id, name: id }))}
    />,
    <ReferenceInput key="siteId" source="siteId" reference="sites">
      <SelectInput optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="planId" source="planId" reference="maintenance/plans">
      <SelectInput optionText="name" />
    </ReferenceInput>,
  ]);
}

function MachineLink({ row }: { row: MaintenanceRow }) {
  return (
    <Link
      component={RouterLink}
      to={links.machine(row.machineId)}
      onClick={(event) => event.stopPropagation()}
    >
      {row.machineName}
    </Link>
  );
}

/** "Record service" for one row: its machine's task chosen. */
function RecordButton({ row }: { row: MaintenanceRow }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<Build />} onClick={() => setOpen(true)}>
        {translate('app.maintenance.record')}
      </Button>
      {open ? (
        <ServiceDialog
          machineId={row.machineId}
          machineName={row.machineName}
          tasks={[{ planId: row.planId, task: row.task }]}
          planId={row.planId}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function MaintenanceCards({ canRecord }: { canRecord: boolean }) {
  const format = useFormat();
  return (
    <SimpleList<MaintenanceRow>
      linkType={false}
      primaryText={(row) => `${row.machineName} · ${row.task}`}
      secondaryText={(row) =>
        [
          row.nextDueMeterH === null ? null : format.measure(row.nextDueMeterH, 'h', 1),
          row.forecastDay ? format.date(row.forecastDay) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(row) => (
        <>
          <ServiceStatusChip row={row} />
          {canRecord && row.own ? <RecordButton row={row} /> : null}
        </>
      )}
    />
  );
}

function MaintenanceTable() {
  const canCall = useCanCall();
  const canRecord = canCall('POST', endpoints.portal.machines.services);
  return (
    <TableOrCards cards={<MaintenanceCards canRecord={canRecord} />}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="status">
          <FunctionField<MaintenanceRow> render={(row) => <ServiceStatusChip row={row} />} />
        </DataTable.Col>
        <DataTable.Col source="machineName">
          <FunctionField<MaintenanceRow> render={(row) => <MachineLink row={row} />} />
        </DataTable.Col>
        <DataTable.Col source="task">
          <FunctionField<MaintenanceRow> render={(row) => <TaskName row={row} />} />
        </DataTable.Col>
        <DataTable.Col source="meterH" disableSort>
          <FunctionField<MaintenanceRow> render={(row) => <MeterNow row={row} />} />
        </DataTable.Col>
        <DataTable.Col source="nextDue" disableSort>
          <FunctionField<MaintenanceRow> render={(row) => <NextDue row={row} />} />
        </DataTable.Col>
        <DataTable.Col source="remainingH">
          <FunctionField<MaintenanceRow> render={(row) => <Remaining row={row} />} />
        </DataTable.Col>
        <DataTable.Col source="forecastDay">
          <FunctionField<MaintenanceRow> render={(row) => <Forecast row={row} />} />
        </DataTable.Col>
        {canRecord ? (
          <DataTable.Col label="" disableSort>
            <FunctionField<MaintenanceRow>
              render={(row) => (row.own ? <RecordButton row={row} /> : null)}
            />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </TableOrCards>
  );
}

export default function MaintenanceList() {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'status', order: 'ASC' }}
      perPage={25}
      exporter={exporter}
      actions={
        <TopToolbar>
          {/* On a phone the filters open in their own drawer (usePhoneFilters). */}
          {phone ? null : <FilterButton />}
          <Button size="small" component={RouterLink} to="/maintenance/plans">
            {translate('app.maintenance.plans_link')}
          </Button>
          <ExportButton label="app.maintenance.export" />
          <Button
            size="small"
            startIcon={<NoteAdd />}
            component={RouterLink}
            to={links.createReportsFile({ type: 'service-due' })}
          >
            {translate('app.maintenance.report')}
          </Button>
        </TopToolbar>
      }
    >
      <MaintenanceTable />
    </List>
  );
}
