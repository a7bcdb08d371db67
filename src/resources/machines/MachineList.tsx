// /machines: every machine the organisation owns or hires, from GET /v1/portal/machines/list.
import { Box, Button } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Machine } from '../../dataProvider/dataProvider.ts';
import type { ActivityMetric } from '../../domain/api/machines.ts';
import { formatDateTime, formatNumber } from '../../domain/format.ts';
import { useUserSettings } from '../../settings/useUserSettings.ts';
import { HireStatusChip } from './HireStatusChip.tsx';
import { FilterPanel } from './filters/FilterPanel.tsx';
import { MachineSummary } from './MachineSummary.tsx';

const asMachine = (record: object) => record as Machine;

function LastSeen({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return machine.lastSeenAt
    ? formatDateTime(machine.lastSeenAt, language)
    : translate('app.machines.never_seen');
}

function Hours({ machine, metric }: { machine: Machine; metric: ActivityMetric }) {
  const [language] = useLocaleState();
  const value = machine.activitySummary[metric].value;
  return value === null ? '–' : formatNumber(value, language);
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

export function MachineList() {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const { data: settings } = useUserSettings();
  // A property setting swaps the displayed name and asset id (spec point 3).
  const [first, second] =
    settings?.properties.machineName === 'assetId' ? ['assetId', 'name'] : ['name', 'assetId'];

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
    <List
      perPage={25}
      // The spec's default order is out-of-hours ascending; the server breaks ties by name.
      sort={{ field: 'outOfHours', order: 'ASC' }}
      filters={filters}
      filterDefaultValues={{ show: 'active' }}
      exporter={false}
      queryOptions={{
        onError: (error: unknown) => {
          // A 401 is the authProvider's to handle; anything else gets the spec's message.
          if (!(error instanceof HttpError && error.status === 401)) {
            notify('app.errors.machines', { type: 'error' });
          }
        },
      }}
    >
      <Box sx={{ px: 2, pt: 1, display: 'flex', justifyContent: 'flex-end' }}>
        <FiltersToggle onClick={() => setFiltersOpen(!filtersOpen)} />
      </Box>
      <FilterPanel open={filtersOpen} onClose={() => setFiltersOpen(false)} />
      <MachineSummary />
      <DataTable bulkActionButtons={false} rowClick={(id) => `/machines/${String(id)}`}>
        <DataTable.Col source={first} />
        <DataTable.Col source={second} />
        <DataTable.Col source="category" />
        <DataTable.Col source="type" />
        <DataTable.Col source="site" />
        <DataTable.Col source="customer" />
        <DataTable.Col
          source="hiredStatus"
          render={(record) => <HireStatusChip machine={asMachine(record)} />}
        />
        <DataTable.Col
          source="activeHours"
          disableSort
          render={(record) => <Hours machine={asMachine(record)} metric="activeHours" />}
        />
        <DataTable.Col
          source="idleHours"
          disableSort
          render={(record) => <Hours machine={asMachine(record)} metric="idleHours" />}
        />
        <DataTable.Col
          source="outOfHours"
          render={(record) => <Hours machine={asMachine(record)} metric="outOfHours" />}
        />
        <DataTable.Col
          source="lastSeenAt"
          render={(record) => <LastSeen machine={asMachine(record)} />}
        />
      </DataTable>
    </List>
  );
}

export default MachineList;
