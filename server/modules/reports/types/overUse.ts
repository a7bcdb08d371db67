// Over-use, for billing (issue 41, docs/rental.md "Over-use"): each hire with over-use terms in the
// range, its engine hours from the machine's leading meter against its allowance per period, and
// the charge at its rate; then every period, whose hours are the meter's difference over it.
import { overuseInRange, type OveruseLine } from '../../hires/index.ts';
import { localTimeIn } from '../../maps/index.ts';
import { MACHINE_ROWS, selectMachines } from '../../../readModel/selection.ts';
import { addDays, startOfZonedDay } from '../../../../src/domain/zonedTime.ts';
import { section } from '../../../documents/document.ts';
import { rangeLine, selectionOf, type ReportBuilder } from '../context.ts';
import { valueColumn } from './machineColumns.ts';

type PeriodLine = OveruseLine['usage']['periods'][number] & { line: OveruseLine };

export const overUse: ReportBuilder = async ({ db, organisation, request, progress }) => {
  const { params, where } = selectMachines(organisation, selectionOf(request));
  const selected = await db.query<{ id: string }>(
    `${MACHINE_ROWS} SELECT id FROM rows ${where}`,
    params,
  );
  const lines = await overuseInRange(
    db,
    organisation.id,
    selected.map((m) => m.id),
    {
      fromMs: startOfZonedDay(request.start, organisation.timezone).getTime(),
      toMs: startOfZonedDay(addDays(request.end, 1), organisation.timezone).getTime(),
    },
  );
  await progress(lines.length, lines.length);
  const localTime = localTimeIn(organisation);
  const periods: PeriodLine[] = lines.flatMap((line) =>
    line.usage.periods.map((period) => ({ ...period, line })),
  );
  return {
    title: 'Over-use',
    subtitle: [organisation.name, rangeLine(request), `${lines.length} hires`],
    sections: [
      section<OveruseLine>(
        'Hires',
        [
          { heading: 'Contract', value: (l) => l.hire.contract_number },
          { heading: 'Customer', value: (l) => l.hire.customer },
          { heading: 'Machine', value: (l) => l.hire.machine_name },
          { heading: 'Asset ID', value: (l) => l.hire.asset_id },
          { heading: 'Meter', value: (l) => l.usage.meterSource },
          { heading: 'Allowance per', value: (l) => l.usage.overusePeriod },
          valueColumn('Allowance (h)', 2, (l) => l.usage.overuseAllowanceH),
          valueColumn('Engine (h)', 2, (l) => l.usage.engineH),
          valueColumn('Over-use (h)', 2, (l) => l.usage.overuseH),
          valueColumn('Rate', 2, (l) => l.usage.overuseRate),
          valueColumn('Charge', 2, (l) => l.usage.charge),
          { heading: 'Currency', value: (l) => l.usage.currency },
        ],
        lines,
        {
          empty: 'No hires with over-use terms in this range for this selection.',
          chart: {
            title: 'Over-use hours by hire',
            unit: 'h',
            series: ['Within allowance', 'Over-use'],
            bars: lines.slice(0, 24).map((l) => ({
              label: `${l.hire.contract_number} ${l.hire.machine_name}`,
              values: [l.usage.engineH - l.usage.overuseH, l.usage.overuseH],
            })),
          },
          notes: [
            "Engine hours are the difference of the machine's leading hour meter over each period: " +
              'its readings, and the engine’s own active and idle hours between them.',
          ],
        },
      ),
      section<PeriodLine>(
        'Periods',
        [
          { heading: 'Contract', value: (p) => p.line.hire.contract_number },
          { heading: 'Machine', value: (p) => p.line.hire.machine_name },
          { heading: 'From', value: (p) => localTime(p.from) },
          { heading: 'To', value: (p) => localTime(p.to) },
          valueColumn('Engine (h)', 2, (p) => p.engineH),
          valueColumn('Allowance (h)', 2, (p) => p.allowanceH),
          valueColumn('Over-use (h)', 2, (p) => p.overuseH),
          valueColumn('Charge', 2, (p) => p.charge),
        ],
        periods,
      ),
    ],
  };
};
