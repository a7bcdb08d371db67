// Fuel and CO2: each machine's fuel, CO2, refills and thefts, with the CO2 factor the engine used
// (kg per litre of its fuel type, and the year the factor was published); a chart of the largest.
import type { MachineRow } from '../../../../src/domain/api/machines.ts';
import type { Queryable } from '../../../db/database.ts';
import { VISIBLE_DAY } from '../../../readModel/selection.ts';
import type { Organisation } from '../../../tenancy/organisation.ts';
import { rangeLine, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import { metricOf, selectedMachines, valueColumn, whoColumns } from './machineColumns.ts';

const CHART_MACHINES = 20;

interface FuelDetail {
  machine_id: string;
  refill_l: number;
  theft_l: number;
  fuel_type: string | null;
  co2_factor_kg_per_l: number | null;
  co2_factor_year: number | null;
}

/**
 * Refilled and stolen litres and the newest factor, over the days the organisation may see: a
 * customer's days of another's machine are its hire's days.
 */
async function fuelDetails(
  db: Queryable,
  organisation: Organisation,
  machineIds: string[],
  start: string,
  end: string,
): Promise<Map<string, FuelDetail>> {
  const rows = await db.query<FuelDetail>(
    `SELECT d.machine_id, sum(d.refill_l) AS refill_l, sum(d.theft_l) AS theft_l,
            (array_agg(d.fuel_type ORDER BY d.day DESC))[1] AS fuel_type,
            (array_agg(d.co2_factor_kg_per_l ORDER BY d.day DESC))[1] AS co2_factor_kg_per_l,
            (array_agg(d.co2_factor_year ORDER BY d.day DESC))[1] AS co2_factor_year
       FROM machine_day_rollup d
       JOIN machine m ON m.id = d.machine_id
       JOIN organisation mo ON mo.id = m.organisation_id
      WHERE d.machine_id = ANY($2::uuid[]) AND d.day BETWEEN $3::date AND $4::date
        AND ${VISIBLE_DAY}
      GROUP BY d.machine_id`,
    [organisation.id, machineIds, start, end],
  );
  return new Map(rows.map((row) => [row.machine_id, row]));
}

export const fuelCo2: ReportBuilder = async (input) => {
  const { db, organisation, request } = input;
  const machines = await selectedMachines(input, 'fuelUtilisation');
  const details = await fuelDetails(
    db,
    organisation,
    machines.map((m) => m.id),
    request.start,
    request.end,
  );
  const detail = (m: MachineRow) => details.get(m.id);
  return {
    title: 'Fuel and CO2',
    subtitle: [organisation.name, rangeLine(request), `${machines.length} machines`],
    sections: [
      section<MachineRow>(
        'Machines by fuel used',
        [
          ...whoColumns(),
          valueColumn('Fuel (l)', 1, (m) => metricOf(m, 'fuelUtilisation')),
          valueColumn('CO2 (kg)', 1, (m) => metricOf(m, 'emissionsUtilisation')),
          valueColumn('Fuel burn (l/h)', 2, (m) => metricOf(m, 'fuelBurnRate')),
          valueColumn('Refills', 0, (m) => metricOf(m, 'totalRefillEvents')),
          valueColumn('Refilled (l)', 1, (m) => detail(m)?.refill_l ?? null),
          valueColumn('Thefts', 0, (m) => metricOf(m, 'totalTheftEvents')),
          valueColumn('Stolen (l)', 1, (m) => detail(m)?.theft_l ?? null),
          { heading: 'Fuel type', value: (m) => detail(m)?.fuel_type ?? null },
          valueColumn('CO2 factor (kg/l)', 3, (m) => detail(m)?.co2_factor_kg_per_l ?? null),
          valueColumn('Factor year', 0, (m) => detail(m)?.co2_factor_year ?? null),
        ],
        machines,
        {
          empty: 'No machines match this selection.',
          chart: {
            title: 'Most fuel used',
            unit: 'l',
            series: ['Fuel'],
            bars: machines
              .filter((m) => (metricOf(m, 'fuelUtilisation') ?? 0) > 0)
              .slice(0, CHART_MACHINES)
              .map((m) => ({ label: m.name, values: [metricOf(m, 'fuelUtilisation') ?? 0] })),
          },
        },
      ),
    ],
  };
};
