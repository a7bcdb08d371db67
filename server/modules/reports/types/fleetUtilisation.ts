// Fleet utilisation: each machine's active, idle, off and out-of-hours hours and its utilisation,
// then the same per category (the dashboard's category rows), with a chart of the categories.
import type { CategoryRow } from '../../../../src/domain/api/dashboard.ts';
import type { MachineRow } from '../../../../src/domain/api/machines.ts';
import { categoryRows } from '../../dashboard/index.ts';
import { measureFleet } from '../../../readModel/fleet.ts';
import { rangeLine, selectionOf, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import {
  beyondFullNote,
  hoursIn,
  metricOf,
  selectedMachines,
  valueColumn,
  whoColumns,
} from './machineColumns.ts';

export const fleetUtilisation: ReportBuilder = async (input) => {
  const { organisation, request } = input;
  const machines = await selectedMachines(input, 'rentalUtilisation');
  const categories = categoryRows(
    await measureFleet(input.readModel, organisation, selectionOf(request), null),
  );
  const h = hoursIn(input.roundingMinutes)<MachineRow>;
  const ch = hoursIn(input.roundingMinutes)<CategoryRow>;
  return {
    title: 'Fleet utilisation',
    subtitle: [organisation.name, rangeLine(request), `${machines.length} machines`],
    sections: [
      section<MachineRow>(
        'Machines',
        [
          ...whoColumns(),
          h('Active (h)', (m) => metricOf(m, 'activeHours')),
          h('Idle (h)', (m) => metricOf(m, 'idleHours')),
          h('Off (h)', (m) => metricOf(m, 'offHours')),
          h('Engine (h)', (m) => metricOf(m, 'totalHours')),
          h('Out of hours (h)', (m) => metricOf(m, 'outOfHours')),
          valueColumn('Rental utilisation (%)', 1, (m) => metricOf(m, 'rentalUtilisation')),
          valueColumn('Working utilisation (%)', 1, (m) => metricOf(m, 'workingUtilisation')),
        ],
        machines,
        {
          empty: 'No machines match this selection.',
          notes: beyondFullNote(
            machines.flatMap((m) => [
              metricOf(m, 'rentalUtilisation'),
              metricOf(m, 'workingUtilisation'),
            ]),
          ),
        },
      ),
      section<CategoryRow>(
        'Categories',
        [
          { heading: 'Category', value: (c) => c.category ?? 'No category' },
          valueColumn('Machines', 0, (c) => c.numberOfMachines.value),
          ch('Active (h)', (c) => c.activeHours.value),
          ch('Idle (h)', (c) => c.idleHours.value),
          ch('Off (h)', (c) => c.offHours.value),
          ch('Out of hours (h)', (c) => c.outOfHours.value),
          valueColumn('Rental utilisation (%)', 1, (c) => c.rentalUtilisation.value),
          valueColumn('Working utilisation (%)', 1, (c) => c.workingUtilisation.value),
        ],
        categories,
        {
          notes: beyondFullNote(
            categories.flatMap((c) => [c.rentalUtilisation.value, c.workingUtilisation.value]),
          ),
          chart: {
            title: 'Hours per category',
            unit: 'h',
            series: ['Active', 'Idle'],
            bars: categories.map((c) => ({
              label: c.category ?? 'No category',
              values: [c.activeHours.value ?? 0, c.idleHours.value ?? 0],
            })),
          },
        },
      ),
    ],
  };
};
