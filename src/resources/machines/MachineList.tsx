// /machines: every machine the organisation owns or hires, from GET /v1/portal/machines/list. The
// range, filters, search, sort and page live in plain URL parameters (spec point 2).
import { Button, Chip, Stack, Tooltip } from '@mui/material';
import AddLink from '@mui/icons-material/AddLink';
import FilterList from '@mui/icons-material/FilterList';
import { HttpError, type Identifier } from 'ra-core';
import { useState } from 'react';
import {
  ColumnsButton,
  DataTable,
  ListBase,
  ListView,
  SearchInput,
  SimpleList,
  SelectInput,
  TopToolbar,
  useGetIdentity,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import type { Machine } from '../../dataProvider/dataProvider.ts';
import { activityType } from '../../domain/activityType.ts';
import { DATE_PRESETS } from '../../domain/datePresets.ts';
import { MACHINE_SORT_KEYS, type ActivityMetric } from '../../domain/api/machines.ts';
import { formatDateTime, formatNumber } from '../../domain/format.ts';
import { machineLink } from '../../domain/machineLink.ts';
import {
  readMachineListUrl,
  writeMachineListUrl,
  type MachineListFilter,
} from '../../domain/machineListUrl.ts';
import { useUserSettings } from '../../settings/useUserSettings.ts';
import { DateRangeControl } from '../../common/DateRangeControl.tsx';
import { UrlListContext, type UrlListCodec } from '../../common/UrlListContext.tsx';
import { refusedParam, useDroppedParams } from '../../common/useDroppedParams.ts';
import { useErrorReport } from '../../common/useErrorReport.ts';
import { HireStatusChip } from './HireStatusChip.tsx';
import { FilterPanel } from '../../common/filters/FilterPanel.tsx';
import { HIDDEN_BY_DEFAULT, METRIC_COLUMNS } from './list/columns.ts';
import { HourMeterCell } from './list/HourMeterCell.tsx';
import { OffHoursWarning } from './list/OffHoursWarning.tsx';
import { ReportDownload, ReportFileLink } from './list/ReportDownload.tsx';
import { MachineSummary } from './MachineSummary.tsx';
import { links } from '../../domain/paths.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { useCaller } from '../../common/useCaller.ts';
import { BeyondFull } from '../../common/BeyondFull.tsx';
import { TableOrCards } from '../../common/phone.tsx';

const asMachine = (record: object) => record as Machine;

const LIST_URL: UrlListCodec<MachineListFilter> = {
  read: readMachineListUrl,
  write: writeMachineListUrl,
};

const sortable = (source: string) => (MACHINE_SORT_KEYS as readonly string[]).includes(source);

function LastSeen({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  return machine.lastSeenAt
    ? formatDateTime(machine.lastSeenAt, language, timeZone)
    : translate('app.machines.never_seen');
}

function MetricValue({ machine, metric }: { machine: Machine; metric: ActivityMetric }) {
  const [language] = useLocaleState();
  const value = machine.activitySummary[metric].value;
  if (value === null) return '–';
  // The wire carries the share of time with data; the list shows the share missing (spec point 3).
  return (
    <>
      {formatNumber(metric === 'missingPercentage' ? 100 - value : value, language)}
      <BeyondFull metric={metric} value={value} />
    </>
  );
}

/** A machine's card on a phone: its other name, its site and its hire, in one line of text. */
function MachineCardFacts({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  const { data: settings } = useUserSettings();
  const other = settings?.properties.machineName === 'assetId' ? machine.name : machine.assetId;
  return [
    other,
    machine.site,
    translate(`app.machines.hire_status.${machine.hiredStatus}`),
    machine.breakdown ? translate('app.machines.breakdown') : null,
    machine.notToBeUsed
      ? translate('app.maintenance.not_to_be_used', { task: machine.notToBeUsed })
      : null,
    machine.archived ? translate('app.machines.archived') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function ActivityTypeChip({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  const type = activityType(machine);
  const learning = machine.isLearning ? (
    <Tooltip title={translate('app.machines.learning_hint')}>
      <Chip
        size="small"
        color="info"
        variant="outlined"
        label={translate('app.machines.learning')}
      />
    </Tooltip>
  ) : null;
  return type || learning ? (
    <Stack direction="row" gap={0.5}>
      {type ? (
        <Chip
          size="small"
          variant="outlined"
          label={translate(`app.machines.activity_type.${type}`)}
        />
      ) : null}
      {learning}
    </Stack>
  ) : (
    '–'
  );
}

/** Opens the filters panel; shows how many filter groups are chosen. */
function FiltersToggle({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const encoded = (filterValues as { filter?: string }).filter;
  const groups = encoded ? encoded.split('|').filter(Boolean).length : 0;
  return (
    <Button variant="outlined" size="small" startIcon={<FilterList />} onClick={onClick}>
      {translate('app.filters.toggle')}
      {groups > 0 ? ` (${groups})` : ''}
    </Button>
  );
}

/** The list's range lives in its filter values, which the URL follows (spec point 4). */
function ListDateRange() {
  const { filterValues, setFilters } = useListContext();
  return (
    <DateRangeControl
      value={filterValues as MachineListFilter}
      presets={DATE_PRESETS}
      onChange={(range) => setFilters({ ...filterValues, ...range })}
    />
  );
}

function ListFilterPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const { filterValues, setFilters } = useListContext();
  const values = filterValues as MachineListFilter;
  return (
    <FilterPanel
      open={open}
      onClose={onClose}
      values={values}
      onChange={(filter) => {
        const { filter: _previous, ...rest } = values;
        setFilters(filter ? { ...rest, filter } : rest, undefined);
      }}
    />
  );
}

function ListActions({ onToggleFilters }: { onToggleFilters(): void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {identity && identity.role !== 'viewer' ? (
        <Button size="small" component={Link} to={links.machineOnboard()} startIcon={<AddLink />}>
          {translate('app.onboard.open')}
        </Button>
      ) : null}
      <ListDateRange />
      <FiltersToggle onClick={onToggleFilters} />
      <ColumnsButton />
      <ReportDownload format="csv" />
      <ReportDownload format="xlsx" />
      <ReportDownload format="pdf" />
      <ReportFileLink />
    </TopToolbar>
  );
}

/** The machines as a table, or as cards on a phone; a row opens the machine in the same range. */
function MachineRows() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  // Spec point 6: a contractor hires out to no one, so it has no customer column.
  const contractor = useCaller().identity?.organisation.type === 'end-user';
  const { data: settings } = useUserSettings();
  // A property setting swaps the displayed name and asset id (spec point 3).
  const [first, second] =
    settings?.properties.machineName === 'assetId' ? ['assetId', 'name'] : ['name', 'assetId'];
  const open = (id: Identifier) =>
    machineLink(String(id), links.machines(params), {
      startDate: params.get('startDate'),
      endDate: params.get('endDate'),
    });
  return (
    <TableOrCards
      cards={
        <SimpleList
          rowClick={open}
          primaryText={(record) => String(record[first] ?? '–')}
          secondaryText={(record) => <MachineCardFacts machine={asMachine(record)} />}
          tertiaryText={(record) => (
            <>
              <MetricValue machine={asMachine(record)} metric="activeHours" />{' '}
              {translate('resources.machines.fields.activeHours')}
            </>
          )}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick={open} hiddenColumns={HIDDEN_BY_DEFAULT}>
        <DataTable.Col source={first} />
        <DataTable.Col source={second} />
        <DataTable.Col
          source="activityType"
          disableSort
          render={(record) => <ActivityTypeChip machine={asMachine(record)} />}
        />
        <DataTable.Col source="category" />
        <DataTable.Col source="type" />
        <DataTable.Col source="site" />
        {contractor ? null : <DataTable.Col source="customer" />}
        <DataTable.Col
          source="hiredStatus"
          render={(record) => <HireStatusChip machine={asMachine(record)} />}
        />
        <DataTable.Col source="contractNumber" disableSort />
        <DataTable.Col source="group" disableSort />
        <DataTable.Col source="oem" disableSort />
        {METRIC_COLUMNS.map((metric) => (
          <DataTable.Col
            key={metric}
            source={metric}
            align="right"
            disableSort={!sortable(metric)}
            render={(record) => <MetricValue machine={asMachine(record)} metric={metric} />}
          />
        ))}
        <DataTable.Col
          source="hourMeter"
          align="right"
          render={(record) => <HourMeterCell machine={asMachine(record)} />}
        />
        <DataTable.Col
          source="lastSeenAt"
          render={(record) => <LastSeen machine={asMachine(record)} />}
        />
      </DataTable>
    </TableOrCards>
  );
}

export function MachineList() {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const drop = useDroppedParams([]);
  const report = useErrorReport();
  // The URL at the first render starts the list's controller; UrlListContext moves it after.
  const [initial] = useState(() => readMachineListUrl(params, new Date()));

  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.machines.search')} />,
    <SelectInput
      key="show"
      source="show"
      alwaysOn
      label="app.machines.show.label"
      choices={[
        { id: 'active', name: 'app.machines.show.active' },
        { id: 'archived', name: 'app.machines.show.archived' },
        { id: 'all', name: 'app.machines.show.all' },
      ]}
    />,
  ];

  return (
    <ListBase
      perPage={25}
      disableSyncWithLocation
      // The spec's default order is out-of-hours ascending; the server breaks ties by name.
      sort={initial.sort}
      filterDefaultValues={initial.filterValues}
      exporter={false}
      queryOptions={{
        onError: (error: unknown) => {
          // A filter naming what does not exist is the link's fault: it goes, with a notice.
          const refused = refusedParam(error);
          if (refused) return drop([refused]);
          // A 401 is the authProvider's to handle; anything else gets the spec's message.
          if (!(error instanceof HttpError && error.status === 401)) {
            notify('app.errors.machines', { type: 'error' });
            // Spec point 8: a machine list failure sends an error report.
            report('machine-list', error);
          }
        },
      }}
    >
      <UrlListContext codec={LIST_URL}>
        <ListView
          filters={filters}
          actions={<ListActions onToggleFilters={() => setFiltersOpen(!filtersOpen)} />}
        >
          <OffHoursWarning />
          <ListFilterPanel open={filtersOpen} onClose={() => setFiltersOpen(false)} />
          <MachineSummary />
          <MachineRows />
        </ListView>
      </UrlListContext>
    </ListBase>
  );
}

export default MachineList;
