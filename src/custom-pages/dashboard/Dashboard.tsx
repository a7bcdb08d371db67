// /dashboard (spec point 2): how hard the fleet worked over a range, what it burned and emitted,
// its categories and its most used machines, from GET /v1/portal/dashboard. The range and the
// filters live in the URL; the fuel and CO2 parts follow the organisation's modules.
import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalIdentity } from '../../authProvider/authProvider.ts';
import type { DashboardRequest } from '../../dataProvider/dataProvider.ts';
import { HISTORY_TYPES } from '../../domain/api/dashboard.ts';
import type { CategorySortKey } from '../../domain/categorySort.ts';
import { DASHBOARD_UTILISATION_LIMIT } from '../../domain/constants.ts';
import { DASHBOARD_PRESETS } from '../../domain/datePresets.ts';
import { decodeFilterOrEmpty, encodeFilter } from '../../domain/filterQuery.ts';
import { machineLink } from '../../domain/machineLink.ts';
import { writeMachineListUrl } from '../../domain/machineListUrl.ts';
import { PRODUCTIVITY } from '../../domain/productivity.ts';
import { useUserSettings } from '../../settings/useUserSettings.ts';
import { RangeFilterHeader } from '../../common/RangeFilterHeader.tsx';
import { useUrlState } from '../../common/useUrlState.ts';
import { CategoryTable } from './CategoryTable.tsx';
import { HistoryChart } from './HistoryChart.tsx';
import { MissingDataNotice } from './MissingDataNotice.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { TopMachines } from './TopMachines.tsx';
import { useDashboard } from './useDashboard.ts';
import { links } from '../../domain/paths.ts';
import { HireFlagsCard } from './HireFlagsCard.tsx';
import { ServiceDueCard } from './ServiceDueCard.tsx';

export function Dashboard() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { params, range, filter, update, drop } = useUrlState({
    defaultRange: 'last7Days',
    allowMax: true,
  });
  const { data: settings } = useUserSettings();
  const { identity } = useGetIdentity();
  const [attempt, setAttempt] = useState(0);

  const modules = { fuel: settings?.modules.fuel ?? false, co2: settings?.modules.co2 ?? false };
  const request = useMemo<(DashboardRequest & { attempt: number }) | null>(
    () =>
      settings
        ? {
            startDate: range.startDate,
            endDate: range.endDate,
            filter: filter,
            historyTypes: HISTORY_TYPES.filter((type) => settings.modules[type]),
            utilisationLimit: DASHBOARD_UTILISATION_LIMIT,
            attempt,
          }
        : null,
    [settings, range.startDate, range.endDate, filter, attempt],
  );
  const { status, loadingError, data } = useDashboard(request, drop);

  const organisationType = (identity as PortalIdentity | undefined)?.organisation.type;
  const productivity = organisationType
    ? PRODUCTIVITY[organisationType]
    : { label: 'utilisation' as const, metric: data?.utilisation.metric ?? 'rentalUtilisation' };
  const here = links.dashboard(params);
  const hiddenColumns: CategorySortKey[] = [
    ...(modules.fuel ? [] : (['fuel'] as const)),
    ...(modules.co2 ? [] : (['emissions'] as const)),
  ];

  const openCategory = (category: string | null) => {
    const selection = decodeFilterOrEmpty(filter);
    const chosen = encodeFilter(
      category === null ? selection : { ...selection, category: [category] },
    );
    const list = writeMachineListUrl(
      {
        filterValues: { ...range, filter: chosen },
        sort: { field: 'outOfHours', order: 'ASC' },
        page: 1,
      },
      new Date(),
    );
    void navigate(links.machines(list));
  };

  return (
    <Box
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
      data-testid="dashboard"
      data-status={status}
    >
      <RangeFilterHeader
        title={translate('app.dashboard.title')}
        range={range}
        filter={filter}
        presets={DASHBOARD_PRESETS}
        onChange={update}
      />
      {status === 'loading' ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
      {loadingError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt(attempt + 1)}>
              {translate('app.errors.retry')}
            </Button>
          }
        >
          {translate('app.dashboard.load_failed')}
        </Alert>
      ) : null}
      {data ? (
        <>
          <MissingDataNotice
            missing={
              (data.summary.numberOfMachines.value ?? 0) - (data.summary.withActivity.value ?? 0)
            }
            total={data.summary.numberOfMachines.value ?? 0}
          />
          <SummaryCards summary={data.summary} productivity={productivity} modules={modules} />
          <HireFlagsCard />
          <ServiceDueCard />
          {modules.fuel || modules.co2 ? (
            <Stack direction="row" gap={2} flexWrap="wrap">
              {HISTORY_TYPES.filter((type) => modules[type]).map((type) => (
                <HistoryChart
                  key={type}
                  type={type}
                  interval={data.history.interval}
                  points={data.history[type] ?? []}
                />
              ))}
            </Stack>
          ) : null}
          <CategoryTable rows={data.categories} hidden={hiddenColumns} onOpen={openCategory} />
          <TopMachines
            machines={data.utilisation.machines}
            rankedBy={translate(`app.dashboard.productivity.${productivity.label}`)}
            swapped={settings?.properties.machineName === 'assetId'}
            hidden={modules.fuel ? [] : ['fuel']}
            onOpen={(id) => void navigate(machineLink(id, here, range))}
          />
        </>
      ) : null}
    </Box>
  );
}

export default Dashboard;
