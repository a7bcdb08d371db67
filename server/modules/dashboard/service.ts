// GET /v1/portal/dashboard: the machine list's selection and measurement (readModel/fleet.ts) seen
// as a whole: the fleet's summary, its fuel and CO2 by period, its categories, and the machines
// ranked by utilisation. The same rollups as the list, so the two never disagree.
import {
  DASHBOARD_FILTER_GROUPS,
  HISTORY_TYPES,
  type CategoryRow,
  type DashboardHistory,
  type DashboardQuery,
  type DashboardReply,
  type DashboardSummary,
  type HistoryType,
  type MachineUtilisationRow,
} from '../../../src/domain/api/dashboard.ts';
import { DASHBOARD_UTILISATION_LIMIT } from '../../../src/domain/constants.ts';
import { PRODUCTIVITY } from '../../../src/domain/productivity.ts';
import type { Queryable } from '../../db/database.ts';
import {
  COLUMN,
  columnsOf,
  fleetSummary,
  measureFleet,
  totalsOf,
  type MeasuredMachine,
  type MeasuredFleet,
  type MeasureTotals,
} from '../../readModel/fleet.ts';
import { activitySummary, ratio } from '../../readModel/metrics.ts';
import type { ReadModel } from '../../readModel/readModel.ts';
import { machineRows } from '../../readModel/selection.ts';
import { getOrganisationSettings, type Organisation } from '../../tenancy/organisation.ts';
import { filterWithPairs } from '../filters/index.ts';
import { historyInterval, historyPeriods } from './history.ts';

const estimatedOf = (totals: MeasureTotals) => totals.columns.fuel_estimated ?? false;

function summaryOf(totals: MeasureTotals): DashboardSummary {
  const summary = fleetSummary(totals);
  return {
    ...summary,
    fuelUtilisation: { ...summary.fuelUtilisation, estimated: estimatedOf(totals) },
    emissionsUtilisation: { ...summary.emissionsUtilisation, estimated: estimatedOf(totals) },
  };
}

export function categoryRows(fleet: MeasuredFleet): CategoryRow[] {
  const groups = new Map<string | null, MeasuredMachine[]>();
  for (const machine of fleet.machines) {
    const group = groups.get(machine.category);
    if (group) group.push(machine);
    else groups.set(machine.category, [machine]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([category, machines]) => {
      const totals = totalsOf(machines);
      const metrics = activitySummary(totals.columns, totals.availableS);
      const withData = metrics.missingPercentage.value;
      const types = new Set(machines.flatMap((m) => (m.type ? [m.type] : [])));
      return {
        category,
        types: [...types].sort((a, b) => a.localeCompare(b)),
        numberOfMachines: { value: machines.length },
        outOfHours: metrics.outOfHours,
        activeHours: metrics.activeHours,
        idleHours: metrics.idleHours,
        offHours: metrics.offHours,
        rentalUtilisation: metrics.rentalUtilisation,
        emissions: { ...metrics.emissionsUtilisation, estimated: estimatedOf(totals) },
        workingUtilisation: metrics.workingUtilisation,
        fuel: { ...metrics.fuelUtilisation, estimated: estimatedOf(totals) },
        totalHours: metrics.totalHours,
        missingData: { value: withData === null ? null : 100 - withData },
      };
    });
}

interface RankedRow {
  id: string;
  name: string;
  assetID: string | null;
  type: string | null;
  customer: string | null;
  site: string | null;
  contractNumber: string | null;
}

/** The `limit` machines with the highest utilisation. */
async function utilisationRows(
  db: Queryable,
  fleet: MeasuredFleet,
  metric: 'rentalUtilisation' | 'workingUtilisation',
  limit: number,
  swapNames: boolean,
): Promise<MachineUtilisationRow[]> {
  // As activitySummary works them out, without building every machine's summary.
  const valueOf = ({ total, rental, available }: MeasuredMachine) => {
    if (metric === 'rentalUtilisation') {
      return ratio(rental?.active ?? null, rental?.available ?? null);
    }
    return total.days > 0 ? ratio(total.sums[COLUMN.active_s] ?? 0, available) : null;
  };
  // Machines without a figure are not ranked; equal figures go by id, so the order holds.
  const ranked = fleet.machines
    .flatMap((machine) => {
      const value = valueOf(machine);
      return value === null ? [] : [{ machine, value }];
    })
    .sort((a, b) => b.value - a.value || (a.machine.id < b.machine.id ? -1 : 1))
    .slice(0, limit);
  if (ranked.length === 0) return [];
  const rows = await db.query<RankedRow>(
    `${machineRows('$4::uuid[]')}
     SELECT id, name, "assetID", type, customer, site, "contractNumber" FROM rows`,
    [...fleet.rowParams, ranked.map((entry) => entry.machine.id)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap(({ machine }) => {
    const { id } = machine;
    const row = byId.get(id);
    if (!row) return [];
    const columns = columnsOf(machine.total, machine.rental);
    const metrics = activitySummary(columns, machine.available);
    return [
      {
        id,
        machineName: swapNames ? (row.assetID ?? row.name) : row.name,
        assetId: swapNames ? row.name : row.assetID,
        machineType: row.type,
        customer: row.customer,
        site: row.site,
        contractNumber: row.contractNumber,
        activeHours: metrics.activeHours,
        idleHours: metrics.idleHours,
        offHours: metrics.offHours,
        totalHours: metrics.totalHours,
        rentalUtilisation: metrics.rentalUtilisation,
        outOfHoursActivity: metrics.outOfHours,
        workingUtilisation: metrics.workingUtilisation,
        fuel: { ...metrics.fuelUtilisation, estimated: columns.fuel_estimated ?? false },
      },
    ];
  });
}

/** Fuel and CO2 of the fleet by period, from its first day with data (Max) or the range's start. */
async function history(
  model: ReadModel,
  fleet: MeasuredFleet,
  firstDay: string | null,
  types: HistoryType[],
): Promise<DashboardHistory> {
  const fromDay = fleet.range.fromDay ?? firstDay;
  const toDay = fleet.range.toDay ?? fleet.range.today;
  if (fromDay === null || fromDay > toDay || types.length === 0) {
    return { interval: 'day', ...Object.fromEntries(types.map((type) => [type, []])) };
  }
  const interval = historyInterval(fromDay, toDay);
  const periods = historyPeriods(fromDay, toDay, interval);
  // An open range keeps its first and last periods open: nothing lies beyond them, and an open
  // bound reads whole months where a cut one would read days.
  const bounds = periods.map((period, i) => ({
    fromDay: i === 0 && fleet.range.fromDay === null ? null : period.fromDay,
    toDay: i === periods.length - 1 && fleet.range.toDay === null ? null : period.toDay,
  }));
  const sums = await model.rollups.sumBuckets(fleet.activitySpans, bounds, [
    COLUMN.fuel_l,
    COLUMN.co2_kg,
  ]);
  const series = (column: number) =>
    periods.map((period, i) => {
      const total = sums[i];
      return {
        date: period.fromDay,
        value: total && total.days > 0 ? (total.sums[column] ?? 0) : null,
        estimated: total?.estimated ?? false,
      };
    });
  return {
    interval,
    ...(types.includes('fuel') ? { fuel: series(COLUMN.fuel_l) } : {}),
    ...(types.includes('co2') ? { co2: series(COLUMN.co2_kg) } : {}),
  };
}

export async function dashboard(
  model: ReadModel,
  organisation: Organisation,
  query: DashboardQuery,
): Promise<DashboardReply> {
  const { db } = model;
  const settings = await getOrganisationSettings(db, organisation);
  const fleet = await measureFleet(
    model,
    organisation,
    { start: query.start, end: query.end, filter: filterWithPairs(query, DASHBOARD_FILTER_GROUPS) },
    null,
  );
  const totals = totalsOf(fleet.machines);
  // A history the organisation's modules switch off is never sent.
  const types = (query.historyType ?? [...HISTORY_TYPES]).filter(
    (type, i, all) => all.indexOf(type) === i && settings.modules[type],
  );
  const { metric } = PRODUCTIVITY[organisation.type];
  const [machines, historyReply] = await Promise.all([
    utilisationRows(
      db,
      fleet,
      metric,
      query.utilisationLimit ?? DASHBOARD_UTILISATION_LIMIT,
      settings.properties.machineName === 'assetId',
    ),
    history(model, fleet, totals.columns.first_day, types),
  ]);
  return {
    summary: summaryOf(totals),
    history: historyReply,
    categories: categoryRows(fleet),
    utilisation: { metric, machines },
  };
}
