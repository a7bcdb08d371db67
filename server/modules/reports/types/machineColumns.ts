// Columns several reports share: who a machine is, and its activity hours rounded for a bill.
import type {
  ActivityMetric,
  MachineRow,
  MachineSortKey,
} from '../../../../src/domain/api/machines.ts';
import { listMachines } from '../../machines/index.ts';
import { roundedHours, selectionOf, type ReportInput } from '../context.ts';
import type { ReportColumn } from '../../../documents/table.ts';

export const whoColumns = (): ReportColumn<MachineRow>[] => [
  { heading: 'Machine', value: (m) => m.name },
  { heading: 'Asset ID', value: (m) => m.assetID },
  { heading: 'Category', value: (m) => m.category },
  { heading: 'Site', value: (m) => m.site },
  { heading: 'Customer', value: (m) => m.customer },
];

export const metricOf = (m: MachineRow, metric: ActivityMetric) => m.activitySummary[metric].value;

/** Columns of hours, rounded to the organisation's minutes. */
/**
 * A utilisation above 100 % is not an error: it counts active hours beyond the hours it is
 * measured against. Said under a table that shows one (docs/activity.md defines both).
 */
export const beyondFullNote = (utilisations: (number | null)[]): string[] =>
  utilisations.some((value) => value !== null && value > 100)
    ? [
        'A utilisation above 100 % counts active hours beyond those it is measured against: working ' +
          "utilisation beyond 8 hours a working day, rental utilisation beyond the hire contracts' hours.",
      ]
    : [];

export const hoursIn =
  (roundingMinutes: number) =>
  <Row>(heading: string, read: (row: Row) => number | null): ReportColumn<Row> => ({
    heading,
    decimals: 2,
    value: (row) => roundedHours(read(row), roundingMinutes),
  });

export const valueColumn = <Row>(
  heading: string,
  decimals: number,
  read: (row: Row) => number | null,
): ReportColumn<Row> => ({ heading, decimals, value: read });

/** The machine list's rows for the report's selection, worst first by `sort`; progress told. */
export async function selectedMachines(
  { readModel, organisation, request, progress }: ReportInput,
  sort: MachineSortKey,
): Promise<MachineRow[]> {
  const { machines } = await listMachines(readModel, organisation, {
    ...selectionOf(request),
    sort,
    order: 'DESC',
  });
  await progress(machines.length, machines.length);
  return machines;
}
