// GET /v1/portal/machines/list: the selection measured over the range (fleet.ts), then the metric
// sorts, the page and the fleet's summary. Only the page's rows are read in full.
import type { ReadModel } from '../../readModel/readModel.ts';
import { withQuickPlans } from '../../db/quickPlans.ts';
import type {
  MachineListQuery,
  MachineListReply,
  MachineRow,
  MachineSortKey,
} from '../../../src/domain/api/machines.ts';
import { TELEMATICS_SOURCE_TYPES, type HireStatus } from '../../../src/domain/constants.ts';
import {
  columnsOf,
  measureFleet,
  totalsOf,
  fleetSummary,
  type MeasuredMachine,
} from '../../readModel/fleet.ts';
import { activitySummary, ratio, type ActivityColumns } from '../../readModel/metrics.ts';
import { machineRows, SORT_EXPRESSIONS, type MachineSelection } from '../../readModel/selection.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

type RowFromDb = Omit<
  MachineRow,
  | 'archived'
  | 'hourMeterReadAt'
  | 'activitySummary'
  | 'sources'
  | 'hasActivity'
  | 'lastSeenAt'
  | 'operator'
  | 'location'
>;
interface PageRow extends RowFromDb {
  archived: Date | null;
  hourMeterReadAt: Date | null;
  lastSeenAt: Date | null;
  sources: MachineRow['sources'];
  latitude: number | null;
  longitude: number | null;
  position_at: Date | null;
  operator_name: string | null;
  operator_assigned_at: Date | null;
}

const OEM_SOURCE = `s.type NOT IN (${TELEMATICS_SOURCE_TYPES.map((t) => `'${t}'`).join(', ')})`;

/** Metric sorts: the value a machine sorts by, in the metric's order (null sorts last). */
const METRIC_SORTS: Partial<Record<MachineSortKey, (c: ActivityColumns) => number | null>> = {
  outOfHours: (c) => c.out_of_hours_s,
  activeHours: (c) => c.active_s,
  idleHours: (c) => c.idle_s,
  offHours: (c) => c.off_s,
  totalHours: (c) => (c.active_s === null ? null : c.active_s + (c.idle_s ?? 0)),
  idlePercentage: (c) => ratio(c.idle_s, (c.active_s ?? 0) + (c.idle_s ?? 0)),
  rentalUtilisation: (c) => ratio(c.rental_active_s, c.rental_available_s),
  fuelUtilisation: (c) => c.fuel_l,
  emissionsUtilisation: (c) => c.co2_kg,
  totalRefillEvents: (c) => c.refills,
  totalTheftEvents: (c) => c.thefts,
  // The screen shows, and sorts by, the share of time missing.
  missingPercentage: (c) =>
    ratio(c.missing_s, (c.active_s ?? 0) + (c.idle_s ?? 0) + (c.off_s ?? 0) + (c.missing_s ?? 0)),
};

/**
 * The page's rows with what is read for them only: their sources (an OEM feed's source with the
 * machine's hours as the OEM last reported them), and the overdue safety-critical task that marks
 * one not to be used (issue 42).
 */
const pageRowsSql = (rows: string) => `${rows}
  SELECT page.*, src.sources,
         (SELECT d.task FROM service_due d
           WHERE d.machine_id = page.id AND d.status = 'overdue' AND d.safety_critical
           ORDER BY d.task LIMIT 1) AS "notToBeUsed"
    FROM rows page
    LEFT JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('type', s.type, 'code', s.code, 'shortCode', s.short_code,
                                                 'hours', oem.hours) ORDER BY s.code), '[]'::json) AS sources
        FROM source s
        LEFT JOIN LATERAL (
          SELECT r.operating_hours_h AS hours FROM telemetry_record r
           WHERE r.source_id = s.id AND r.operating_hours_h IS NOT NULL AND ${OEM_SOURCE}
           ORDER BY r.device_time DESC LIMIT 1
        ) oem ON true
       WHERE s.machine_id = page.id
    ) src ON true`;

export async function listMachines(
  model: ReadModel,
  organisation: Organisation,
  query: MachineListQuery & MachineSelection,
): Promise<MachineListReply> {
  const { db } = model;
  const direction = query.order === 'DESC' ? 'DESC' : 'ASC';
  const sortKey = query.sort ?? 'outOfHours';
  const sortExpression = SORT_EXPRESSIONS[sortKey];
  const orderBy = [
    sortExpression && `${sortExpression} ${direction} NULLS LAST`,
    'lower(name)',
    'id',
  ]
    .filter(Boolean)
    .join(', ');

  const { machines: selected, rowParams } = await measureFleet(model, organisation, query, orderBy);
  const columnsOfMachine = ({ total, rental }: MeasuredMachine) => columnsOf(total, rental);

  const metricSort = METRIC_SORTS[sortKey];
  const ordered = metricSort
    ? selected
        .map((machine, position) => ({
          machine,
          position,
          value: metricSort(columnsOfMachine(machine)),
        }))
        .sort((a, b) => {
          if (a.value === null || b.value === null) {
            return a.value === b.value ? a.position - b.position : a.value === null ? 1 : -1;
          }
          const order = direction === 'ASC' ? a.value - b.value : b.value - a.value;
          return order !== 0 ? order : a.position - b.position;
        })
        .map((entry) => entry.machine)
    : selected;
  const page =
    query.perPage !== undefined
      ? ordered.slice(((query.page ?? 1) - 1) * query.perPage, (query.page ?? 1) * query.perPage)
      : ordered;

  const rows = page.length
    ? await withQuickPlans(db).query<PageRow>(
        pageRowsSql(machineRows('$4::uuid[]')),
        // The rows' own three parameters and the page: the selection's filters are not in it.
        [...rowParams, page.map((m) => m.id)],
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const machines: MachineRow[] = page.flatMap((machine) => {
    const id = machine.id;
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        assetID: row.assetID,
        sources: row.sources,
        hasActivity: machine.total.days > 0,
        isLearning: row.isLearning,
        lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        imageUrl: row.imageUrl,
        type: row.type,
        category: row.category,
        hiredStatus: row.hiredStatus as HireStatus,
        customer: row.customer,
        site: row.site,
        oem: row.oem,
        group: row.group,
        manufacturingYear: row.manufacturingYear,
        ownershipType: row.ownershipType,
        owner: row.owner,
        note: row.note,
        contractNumber: row.contractNumber,
        hourMeter: row.hourMeter,
        hourMeterSource: row.hourMeterSource,
        hourMeterReadAt: row.hourMeterReadAt?.toISOString() ?? null,
        meterDrifting: row.meterDrifting,
        notToBeUsed: row.notToBeUsed,
        archived: row.archived?.toISOString() ?? null,
        breakdown: row.breakdown,
        operator:
          row.operator_name && row.operator_assigned_at
            ? { operator: row.operator_name, assignedAt: row.operator_assigned_at.toISOString() }
            : null,
        location:
          row.position_at && row.latitude !== null && row.longitude !== null
            ? {
                latitude: row.latitude,
                longitude: row.longitude,
                lastUpdated: row.position_at.toISOString(),
              }
            : null,
        activitySummary: activitySummary(columnsOfMachine(machine), machine.available),
      },
    ];
  });

  return {
    machines,
    total: selected.length,
    summary: fleetSummary(totalsOf(selected)),
  };
}
