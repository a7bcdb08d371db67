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
