// Maintenance reports (issue 42, docs/maintenance.md "Reports"): every task of the selected
// machines with its due point as of today, worst first; and the services done over the range.
import type { MaintenanceRow } from '../../../../src/domain/api/maintenance.ts';
import { addDays, startOfZonedDay } from '../../../../src/domain/zonedTime.ts';
import { section } from '../../../documents/document.ts';
import { MACHINE_ROWS, selectMachines } from '../../../readModel/selection.ts';
import { rentalSettings } from '../../../tenancy/organisation.ts';
import { localTimeIn } from '../../maps/index.ts';
import { dueRows, serviceHistory, type HistoryLine } from '../../maintenance/index.ts';
import { rangeLine, selectionOf, type ReportBuilder, type ReportInput } from '../context.ts';
import { valueColumn } from './machineColumns.ts';

const STATUS_WORDS: Record<MaintenanceRow['status'], string> = {
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  ok: 'OK',
};
const SEVERITY: Record<MaintenanceRow['status'], number> = { overdue: 0, dueSoon: 1, ok: 2 };

async function selectedIds({ db, organisation, request }: ReportInput): Promise<string[]> {
  const { params, where } = selectMachines(organisation, selectionOf(request));
  const rows = await db.query<{ id: string }>(
    `${MACHINE_ROWS} SELECT id FROM rows ${where}`,
    params,
  );
  return rows.map((row) => row.id);
}

export const serviceDue: ReportBuilder = async (input) => {
  const { db, organisation, progress } = input;
  const ids = await selectedIds(input);
  const rows = (await dueRows(db, organisation, ids))
    .map(({ row }) => row)
    .sort(
      (a, b) =>
        SEVERITY[a.status] - SEVERITY[b.status] ||
        (a.forecastDay ?? '9999').localeCompare(b.forecastDay ?? '9999') ||
        a.machineName.localeCompare(b.machineName),
    );
  await progress(ids.length, ids.length);
  const count = (status: MaintenanceRow['status']) =>
    rows.filter((r) => r.status === status).length;
  return {
    title: 'Service due',
    subtitle: [
      organisation.name,
      `As of today: ${count('overdue')} overdue, ${count('dueSoon')} due soon, ${count('ok')} ok`,
    ],
    sections: [
      section<MaintenanceRow>(
        'Tasks',
        [
          { heading: 'Machine', value: (r) => r.machineName },
          { heading: 'Asset ID', value: (r) => r.assetId },
          { heading: 'Task', value: (r) => r.task },
          { heading: 'Status', value: (r) => STATUS_WORDS[r.status] },
          { heading: 'Safety-critical', value: (r) => (r.safetyCritical ? 'Yes' : '') },
          valueColumn('Meter (h)', 1, (r) => r.meterH),
          { heading: 'Meter source', value: (r) => r.meterSource },
          { heading: 'Last done', value: (r) => r.lastDoneDay },
          valueColumn('Next due (h)', 1, (r) => r.nextDueMeterH),
          { heading: 'Next due day', value: (r) => r.nextDueDay },
          valueColumn('Remaining (h)', 1, (r) => r.remainingH),
          valueColumn('Remaining (days)', 0, (r) => r.remainingDays),
          valueColumn('Remaining (km)', 0, (r) => r.remainingKm),
          { heading: 'Forecast', value: (r) => r.forecastDay },
        ],
        rows,
        {
          empty: 'No service plan applies to the machines of this selection.',
          notes: [
            "Hours count on each machine's leading hour meter; the forecast is the earlier of the " +
              "calendar's due day and the hours' due day at the machine's pace over the last 30 days.",
          ],
        },
      ),
    ],
  };
};

export const serviceHistoryReport: ReportBuilder = async (input) => {
  const { db, organisation, request, progress } = input;
  const ids = await selectedIds(input);
  const lines = await serviceHistory(db, ids, {
    fromMs: startOfZonedDay(request.start, organisation.timezone).getTime(),
    toMs: startOfZonedDay(addDays(request.end, 1), organisation.timezone).getTime(),
  });
  await progress(ids.length, ids.length);
  const { currency } = await rentalSettings(db, organisation.id);
  const localTime = localTimeIn(organisation);
  return {
    title: 'Service history',
    subtitle: [organisation.name, rangeLine(request), `${lines.length} services`],
    sections: [
      section<HistoryLine>(
        'Services',
        [
          { heading: 'Done', value: (l) => localTime(l.done_at.toISOString()) },
          { heading: 'Machine', value: (l) => l.machine_name },
          { heading: 'Asset ID', value: (l) => l.asset_id },
          { heading: 'Task', value: (l) => l.task },
          valueColumn('Meter (h)', 1, (l) => l.meter_h),
          valueColumn('Distance (km)', 0, (l) => l.distance_km),
          { heading: 'By', value: (l) => l.performed_by },
          valueColumn(`Cost (${currency})`, 2, (l) => (l.cost === null ? null : Number(l.cost))),
          { heading: 'Parts', value: (l) => l.parts },
          { heading: 'Notes', value: (l) => l.notes },
          valueColumn('Files', 0, (l) => l.files),
        ],
        lines,
        { empty: 'No service was done on this selection in this range.' },
      ),
    ],
  };
};
