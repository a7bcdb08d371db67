// What the maintenance screens share: the status chip, a task's next due, what remains and the
// forecast in words, and a plan's intervals and reach in words.
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MaintenanceRow, ServicePlan, ServiceStatus } from '../../domain/api/maintenance.ts';
import { useFormat } from '../../common/useFormat.ts';

const COLOURS: Record<ServiceStatus, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  dueSoon: 'warning',
  overdue: 'error',
};

export function ServiceStatusChip({
  row,
}: {
  row: Pick<MaintenanceRow, 'status' | 'safetyCritical'>;
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[row.status]}
      variant={row.status === 'ok' ? 'outlined' : 'filled'}
      label={translate(`app.maintenance.statuses.${row.status}`)}
      data-status={row.status}
    />
  );
}

/** The task's name, marked when it is safety-critical. */
export function TaskName({ row }: { row: Pick<MaintenanceRow, 'task' | 'safetyCritical'> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" gap={0.5} alignItems="center" flexWrap="wrap">
      <span>{row.task}</span>
      {row.safetyCritical ? (
        <Chip size="small" variant="outlined" label={translate('app.maintenance.safety')} />
      ) : null}
    </Stack>
  );
}

/** The due point: the meter reading and the day, whichever the task counts. */
export function NextDue({ row }: { row: MaintenanceRow }) {
  const format = useFormat();
  const parts = [
    row.nextDueMeterH === null ? null : format.measure(row.nextDueMeterH, 'h', 1),
    row.nextDueDay === null ? null : format.date(row.nextDueDay),
    row.nextDueKm === null ? null : format.measure(row.nextDueKm, 'km', 0),
  ].filter((part) => part !== null);
  return <span>{parts.length > 0 ? parts.join(' · ') : '–'}</span>;
}

/** What remains to the due point, or how far past it, in hours, days and km. */
export function Remaining({ row }: { row: MaintenanceRow }) {
  const translate = useTranslate();
  const format = useFormat();
  const parts: string[] = [];
  if (row.remainingH !== null) {
    const hours = format.measure(Math.abs(row.remainingH), 'h', 1);
    parts.push(
      translate(`app.maintenance.${row.remainingH < 0 ? 'over_h' : 'remaining_h'}`, { hours }),
    );
  }
  if (row.remainingDays !== null) {
    const key = row.remainingDays < 0 ? 'over_days' : 'remaining_days';
    parts.push(translate(`app.maintenance.${key}`, { smart_count: Math.abs(row.remainingDays) }));
  }
  if (row.remainingKm !== null) {
    parts.push(format.measure(row.remainingKm, 'km', 0));
  }
  return <span>{parts.length > 0 ? parts.join(' · ') : '–'}</span>;
}

/** The forecast due day and the pace it assumes, or why there is none. */
export function Forecast({ row }: { row: MaintenanceRow }) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Stack>
      <span>{row.forecastDay ? format.date(row.forecastDay) : '–'}</span>
      <Typography variant="caption" color="text.secondary">
        {row.nextDueMeterH === null
          ? ''
          : row.dailyHours === null
            ? translate('app.maintenance.too_little_data')
            : translate('app.maintenance.pace', {
                hours: format.measure(row.dailyHours, 'h', 1),
              })}
      </Typography>
    </Stack>
  );
}

/** The machine's meter now, with the source it comes from. */
export function MeterNow({ row }: { row: MaintenanceRow }) {
  const translate = useTranslate();
  const format = useFormat();
  if (row.meterH === null) return <span>–</span>;
  return (
    <Stack>
      <span>{format.measure(row.meterH, 'h', 1)}</span>
      {row.meterSource ? (
        <Typography variant="caption" color="text.secondary">
          {translate(`app.meters.sources.${row.meterSource}`)}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** A plan's intervals in words: "250 h or 6 months". */
export function useIntervalText() {
  const translate = useTranslate();
  const format = useFormat();
  return (
    plan: Pick<ServicePlan, 'intervalH' | 'intervalDays' | 'intervalMonths' | 'intervalKm'>,
  ) =>
    [
      plan.intervalH === null
        ? null
        : translate('app.maintenance.every_h', { hours: format.number(plan.intervalH) }),
      plan.intervalDays === null
        ? null
        : translate('app.maintenance.every_days', { count: format.number(plan.intervalDays, 0) }),
      plan.intervalMonths === null
        ? null
        : translate('app.maintenance.every_months', {
            count: format.number(plan.intervalMonths, 0),
          }),
      plan.intervalKm === null
        ? null
        : translate('app.maintenance.every_km', { km: format.number(plan.intervalKm, 0) }),
    ]
      .filter((part) => part !== null)
      .join(translate('app.maintenance.or'));
}
