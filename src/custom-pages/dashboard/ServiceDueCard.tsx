// The dashboard's Service due card (issue 42, docs/maintenance.md): the organisation's overdue and
// due-soon tasks and the machines not to be used (an overdue safety-critical task), each opening
// the maintenance list filtered to them. Shown once the organisation has a service plan.
import { useGetList, useTranslate } from 'react-admin';
import type { MaintenanceRow } from '../../domain/api/maintenance.ts';
import { CountsCard } from './CountsCard.tsx';

/** Every overdue safety-critical task is one page at most: they are what a yard acts on first. */
const BLOCKING_PAGE = 500;

const listOf = (filter: Record<string, unknown>) =>
  `/maintenance?filter=${encodeURIComponent(JSON.stringify(filter))}`;

function useTotal(filter: Record<string, unknown>, enabled = true) {
  return useGetList<MaintenanceRow>(
    'maintenance',
    { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'status', order: 'ASC' } },
    { enabled },
  ).total;
}

export function ServiceDueCard() {
  const translate = useTranslate();
  const plans = useGetList('maintenance/plans', { pagination: { page: 1, perPage: 1 } }).total;
  const any = plans !== undefined && plans > 0;
  const overdue = useTotal({ status: ['overdue'] }, any);
  const dueSoon = useTotal({ status: ['dueSoon'] }, any);
  const blocking = { status: ['overdue'], safetyCritical: true };
  const { data: blockingRows } = useGetList<MaintenanceRow>(
    'maintenance',
    {
      filter: blocking,
      pagination: { page: 1, perPage: BLOCKING_PAGE },
      sort: { field: 'machineName', order: 'ASC' },
    },
    { enabled: any },
  );
  if (!any || overdue === undefined || dueSoon === undefined || !blockingRows) return null;
  const notToBeUsed = new Set(blockingRows.map((row) => row.machineId)).size;
  const counts = [
    { key: 'overdue', value: overdue, filter: { status: ['overdue'] } },
    { key: 'dueSoon', value: dueSoon, filter: { status: ['dueSoon'] } },
    { key: 'notToBeUsed', value: notToBeUsed, filter: blocking },
  ];
  return (
    <CountsCard
      title={translate('app.maintenance.dashboard.title')}
      testId="service-due"
      counts={counts.map(({ key, value, filter }) => ({
        key,
        value,
        label: translate(`app.maintenance.dashboard.${key}`),
        to: listOf(filter),
      }))}
    />
  );
}
