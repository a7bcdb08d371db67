// Idle: each machine's engine hours and the share of them spent idling, the worst first, with the
// fuel an idle hour burns at the machine's rate; a chart of the twenty worst.
import type { MachineRow } from '../../../../src/domain/api/machines.ts';
import { rangeLine, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import { hoursIn, metricOf, selectedMachines, valueColumn, whoColumns } from './machineColumns.ts';

const CHART_MACHINES = 20;

export const idle: ReportBuilder = async (input) => {
  const { organisation, request } = input;
  const machines = await selectedMachines(input, 'idleHours');
  const h = hoursIn(input.roundingMinutes)<MachineRow>;
  const idleFuelL = (m: MachineRow) => {
    const rate = metricOf(m, 'fuelBurnRate');
    const idleH = metricOf(m, 'idleHours');
    return rate === null || idleH === null ? null : rate * idleH;
  };
  return {
    title: 'Idle time',
    subtitle: [organisation.name, rangeLine(request), `${machines.length} machines`],
    sections: [
      section<MachineRow>(
        'Machines by idle hours',
        [
          ...whoColumns(),
          h('Engine (h)', (m) => metricOf(m, 'totalHours')),
          h('Active (h)', (m) => metricOf(m, 'activeHours')),
          h('Idle (h)', (m) => metricOf(m, 'idleHours')),
          valueColumn('Idle (%)', 1, (m) => metricOf(m, 'idlePercentage')),
          valueColumn('Fuel burn (l/h)', 2, (m) => metricOf(m, 'fuelBurnRate')),
          valueColumn('Fuel idling (l)', 1, idleFuelL),
        ],
        machines,
        {
          empty: 'No machines match this selection.',
          chart: {
            title: 'Most idle machines',
            unit: 'h',
            series: ['Idle'],
            bars: machines
              .filter((m) => (metricOf(m, 'idleHours') ?? 0) > 0)
              .slice(0, CHART_MACHINES)
              .map((m) => ({ label: m.name, values: [metricOf(m, 'idleHours') ?? 0] })),
          },
        },
      ),
    ],
  };
};
