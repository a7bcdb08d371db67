// The heat maps: the engine's per-day cells (engine/heatCells.ts) of the selected machines summed
// over the range. The fleet, or one machine (by id or by one of its devices); a customer sees a
// hired machine's cells only within its hire: whole days, and the hire's part of the days it
// starts or ends during.
import {
  HEAT_CELL_DEG,
  MAX_HEATMAP_DAYS,
  type HeatCell,
  type HeatmapKind,
  type HeatmapQuery,
  type HeatmapReply,
} from '../../../src/domain/api/heatmap.ts';
import { addDays, mondayOf, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { MACHINE_ROWS, selectMachines } from '../../readModel/selection.ts';
import { CellSummer, type CellSums } from '../../telemetry/engine/heatPack.ts';
import { hireDays, hireEdgesOf } from '../../readModel/hireDays.ts';
import { machineVisibility } from '../machines/index.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

/** A machine's days to sum, both included. */
interface DayWindow {
  machineId: string;
  fromDay: string;
  toDay: string;
}

const dayCount = (fromDay: string, toDay: string) =>
  Math.round((Date.parse(toDay) - Date.parse(fromDay)) / 86_400_000) + 1;

/** What to sum: machines' whole days, and hires' parts of the days they start or end during. */
interface Windows {
  days: DayWindow[];
  /** `hireId|day` of machine_hire_day_rollup. */
  parts: string[];
}

/** A customer's hire within [fromDay, toDay]: its whole days, and its part days apart. */
function hireWindows(
  machineId: string,
  hire: { id: string; startsAt: Date; endsAt: Date | null },
  fromDay: string,
  toDay: string,
  timeZone: string,
): Windows {
  const { whole, partDays } = hireDays(
    hireEdgesOf(hire.startsAt, hire.endsAt, timeZone),
    fromDay,
    toDay,
  );
  return {
    days: whole ? [{ machineId, fromDay: whole.fromDay, toDay: whole.toDay ?? toDay }] : [],
    parts: partDays.map((day) => `${hire.id}|${day}`),
  };
}

const merge = (all: Windows[]): Windows => ({
  days: all.flatMap((w) => w.days),
  parts: all.flatMap((w) => w.parts),
});

async function machineOfDevice(db: Queryable, deviceId: string): Promise<string> {
  const [source] = await db.query<{ machine_id: string | null }>(
    'SELECT machine_id FROM source WHERE code = $1 OR short_code = $1 ORDER BY created_at LIMIT 1',
    [deviceId],
  );
  if (!source?.machine_id) throw notFound('No such device on a machine');
  return source.machine_id;
}

/** One machine's windows: the range, or the days of its hires for a customer. */
async function oneMachine(
  db: Queryable,
  organisation: Organisation,
  machineId: string,
  fromDay: string,
  toDay: string,
): Promise<Windows> {
  const visibility = await machineVisibility(db, organisation.id, machineId);
  if (!visibility) throw notFound('No such machine');
  if (visibility.owned) return { days: [{ machineId, fromDay, toDay }], parts: [] };
  return merge(
    visibility.periods.map((period) =>
      hireWindows(
        machineId,
        {
          id: period.hireId ?? '',
          startsAt: new Date(period.fromMs),
          endsAt: Number.isFinite(period.toMs) ? new Date(period.toMs) : null,
        },
        fromDay,
        toDay,
        visibility.timezone,
      ),
    ),
  );
}

/** The selected fleet's windows, as the machine list selects it for the range. */
async function fleet(
  db: Queryable,
  organisation: Organisation,
  query: HeatmapQuery,
  fromDay: string,
  toDay: string,
): Promise<Windows> {
  const { params, where } = selectMachines(organisation, {
    start: fromDay,
    end: toDay,
    show: query.show,
    filter: query.filter,
  });
  const rows = await db.query<{
    id: string;
    owned: boolean;
    hire_id: string | null;
    hire_starts_at: Date | null;
    hire_ends_at: Date | null;
    owner_timezone: string;
  }>(
    `${MACHINE_ROWS} SELECT id, owned, hire_id, hire_starts_at, hire_ends_at, owner_timezone
       FROM rows ${where}`,
    params,
  );
  return merge(
    rows.map((row) => {
      if (row.owned) return { days: [{ machineId: row.id, fromDay, toDay }], parts: [] };
      if (!row.hire_id || !row.hire_starts_at) return { days: [], parts: [] };
      return hireWindows(
        row.id,
        { id: row.hire_id, startsAt: row.hire_starts_at, endsAt: row.hire_ends_at },
        fromDay,
        toDay,
        row.owner_timezone,
      );
    }),
  );
}

/** A window's whole weeks (Monday to Sunday), and the days before and after them. */
function splitWeeks(window: DayWindow): { weeks: DayWindow | null; days: DayWindow[] } {
  const firstMonday =
    mondayOf(window.fromDay) === window.fromDay
      ? window.fromDay
      : addDays(mondayOf(window.fromDay), 7);
  const lastMonday = addDays(mondayOf(addDays(window.toDay, 1)), -7);
  if (lastMonday < firstMonday) return { weeks: null, days: [window] };
  const days = [
    { ...window, toDay: addDays(firstMonday, -1) },
    { ...window, fromDay: addDays(lastMonday, 7) },
  ].filter((part) => part.fromDay <= part.toDay);
  return { weeks: { ...window, fromDay: firstMonday, toDay: lastMonday }, days };
}

/** The windows' cells summed per cell: whole weeks from the week sums, the rest from the days. */
async function sumCells(
  db: Queryable,
  { days: windows, parts: hireParts }: Windows,
): Promise<CellSums[]> {
  const parts = windows.map(splitWeeks);
  const days = parts.flatMap((part) => part.days);
  const weeks = parts.flatMap((part) => (part.weeks ? [part.weeks] : []));
  // One value for all: PGlite turns a bytea into JavaScript byte by byte (measured: 11,000 rows in
  // 440 ms), a base64 text in native code.
  const [packed] = await db.query<{ cells: string | null }>(
    `SELECT encode(string_agg(cells, ''::bytea), 'base64') AS cells FROM (
       SELECT h.cells FROM unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_day, to_day)
         JOIN machine_day_heat h ON h.machine_id = w.machine_id AND h.day >= w.from_day AND h.day <= w.to_day
       UNION ALL
       SELECT h.cells FROM unnest($4::uuid[], $5::date[], $6::date[]) AS w(machine_id, from_week, to_week)
         JOIN machine_week_heat h ON h.machine_id = w.machine_id AND h.week >= w.from_week AND h.week <= w.to_week
       UNION ALL
       -- Days a customer's hire starts or ends during: the hire's part of them.
       SELECT p.heat_cells FROM machine_hire_day_rollup p
        WHERE p.hire_id::text || '|' || to_char(p.day, 'YYYY-MM-DD') = ANY($7::text[])
          AND p.heat_cells IS NOT NULL
     ) c`,
    [
      days.map((w) => w.machineId),
      days.map((w) => w.fromDay),
      days.map((w) => w.toDay),
      weeks.map((w) => w.machineId),
      weeks.map((w) => w.fromDay),
      weeks.map((w) => w.toDay),
      hireParts,
    ],
  );
  const summer = new CellSummer();
  if (packed?.cells) summer.add(Buffer.from(packed.cells, 'base64'));
  return summer.cells();
}

export async function heatmap(
  db: Queryable,
  organisation: Organisation,
  query: HeatmapQuery,
  kind: HeatmapKind,
): Promise<HeatmapReply> {
  const today = zonedDate(new Date(), organisation.timezone);
  const fromDay = query.start ?? today;
  const toDay = query.end ?? today;
  if (toDay < fromDay) throw badRequest('end', 'end must not be before start');
  if (dayCount(fromDay, toDay) > MAX_HEATMAP_DAYS) {
    throw badRequest('end', `at most ${MAX_HEATMAP_DAYS} days at a time`);
  }
  if (query.machineId && query.deviceId) {
    throw badRequest('deviceId', 'give machineId or deviceId, not both');
  }
  const machineId =
    query.machineId ?? (query.deviceId ? await machineOfDevice(db, query.deviceId) : null);
  const windows = machineId
    ? await oneMachine(db, organisation, machineId, fromDay, toDay)
    : await fleet(db, organisation, query, fromDay, toDay);

  const sums = windows.days.length + windows.parts.length === 0 ? [] : await sumCells(db, windows);
  const centre = (cell: number) => Number(((cell + 0.5) * HEAT_CELL_DEG).toFixed(6));
  const cells = sums.flatMap((sum): HeatCell[] => {
    const place = { latitude: centre(sum.latCell), longitude: centre(sum.lngCell) };
    if (kind === 'speed') {
      if (sum.movingS <= 0) return [];
      const weight = sum.speedSumKmhS / sum.movingS;
      return [{ ...place, weight, seconds: sum.movingS, maxSpeedKmh: sum.maxSpeedKmh }];
    }
    if (sum.workingS <= 0) return [];
    return [{ ...place, weight: sum.workingS / 3600, seconds: sum.workingS, maxSpeedKmh: null }];
  });
  return {
    kind,
    start: fromDay,
    end: toDay,
    cellSizeDeg: HEAT_CELL_DEG,
    maxWeight: cells.reduce((max, cell) => Math.max(max, cell.weight), 0),
    cells,
  };
}
