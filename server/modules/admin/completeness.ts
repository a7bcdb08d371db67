// Data completeness: per machine, the share of a range its data covers, and the same per day for
// the fleet's calendar. The range's figure is the machine list's missingPercentage value, measured
// by the list's own code (measureFleet) for the machine's owner, so the two never disagree.
import type { ReadModel } from '../../readModel/readModel.ts';
import {
  DAYS_RANGE_MAX,
  type CompletenessMachine,
  type CompletenessReply,
  type DaysQuery,
  type MachineCompletenessReply,
} from '../../../src/domain/api/admin.ts';
import { addDays, startOfZonedDay } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { columnsOf, measureFleet } from '../../readModel/fleet.ts';
import { activitySummary } from '../../readModel/metrics.ts';
import { activityEnds } from '../../readModel/activityEnds.ts';
import { silentSeconds } from '../../readModel/silence.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

const ALWAYS = [{ fromMs: -Infinity, toMs: Infinity }];

/** The days from `from` to `to`, inclusive, checked against the cap. */
export function daysOf(from: string, to: string, toField = 'to'): string[] {
  if (to < from) throw badRequest(toField, `${toField} must not be before the range's first day`);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(day);
    if (days.length > DAYS_RANGE_MAX)
      throw badRequest(toField, `a range may span at most ${DAYS_RANGE_MAX} days`);
  }
  return days;
}

interface DayRollup {
  machine_id: string;
  day: string;
  recorded_s: number;
  missing_s: number;
}

/** Each machine's share of each day with data; silence after its last record counts as missing. */
async function dayShares(
  db: Queryable,
  machines: { id: string; timezone: string }[],
  days: string[],
): Promise<Map<string, (number | null)[]>> {
  const ids = machines.map((machine) => machine.id);
  const [rollups, ends] = await Promise.all([
    db.query<DayRollup>(
      `SELECT machine_id, to_char(day, 'YYYY-MM-DD') AS day,
              active_s + idle_s + off_s + missing_s AS recorded_s, missing_s
         FROM machine_day_rollup
        WHERE machine_id = ANY($1::uuid[]) AND day BETWEEN $2::date AND $3::date`,
      [ids, days[0] ?? null, days[days.length - 1] ?? null],
    ),
    activityEnds(db, ids),
  ]);
  const byKey = new Map(rollups.map((row) => [`${row.machine_id}|${row.day}`, row]));
  const nowMs = Date.now();
  const shares = new Map<string, (number | null)[]>();
  for (const machine of machines) {
    const end = ends.get(machine.id);
    shares.set(
      machine.id,
      days.map((day) => {
        const row = byKey.get(`${machine.id}|${day}`);
        const fromMs = startOfZonedDay(day, machine.timezone).getTime();
        const toMs = Math.min(startOfZonedDay(addDays(day, 1), machine.timezone).getTime(), nowMs);
        // Ahead of now, and before a machine's first data, there is nothing to measure; a machine
        // measured without segments (an OEM feed's hours) has its days' rollups only.
        if (fromMs >= nowMs || (!row && (end === undefined || fromMs < end))) return null;
        const silent = end === undefined ? 0 : silentSeconds(end, fromMs, toMs, ALWAYS);
        const recorded = (row?.recorded_s ?? 0) + silent;
        const missing = (row?.missing_s ?? 0) + silent;
        return recorded > 0 ? ((recorded - missing) / recorded) * 100 : null;
      }),
    );
  }
  return shares;
}

/** Every machine's coverage of the range, worst first unless asked otherwise, a page at a time. */
export async function fleetCompleteness(
  model: ReadModel,
  query: DaysQuery,
): Promise<CompletenessReply> {
  const { db } = model;
  const days = daysOf(query.from, query.to);
  const organisations = await db.query<Organisation>(
    `SELECT DISTINCT o.id, o.name, o.type, o.timezone
       FROM organisation o JOIN machine m ON m.organisation_id = o.id ORDER BY o.name`,
  );
  const measured: (Omit<CompletenessMachine, 'days' | 'sources'> & { timezone: string })[] = [];
  for (const organisation of organisations) {
    const fleet = await measureFleet(
      model,
      organisation,
      { start: query.from, end: query.to, q: query.q },
      null,
    );
    const names = await machineNames(
      db,
      fleet.machines.map((machine) => machine.id),
    );
    for (const machine of fleet.machines) {
      const summary = activitySummary(columnsOf(machine.total, machine.rental), machine.available);
      measured.push({
        machineId: machine.id,
        name: names.get(machine.id) ?? '',
        organisationName: organisation.name,
        coveragePct: summary.missingPercentage.value,
        timezone: organisation.timezone,
      });
    }
  }
  const direction = query.order === 'DESC' ? -1 : 1;
  measured.sort((a, b) => {
    if (query.sort === 'name') return direction * a.name.localeCompare(b.name);
    if (a.coveragePct === null || b.coveragePct === null)
      return a.coveragePct === b.coveragePct
        ? a.name.localeCompare(b.name)
        : a.coveragePct === null
          ? 1
          : -1;
    return direction * (a.coveragePct - b.coveragePct) || a.name.localeCompare(b.name);
  });
  const offset = query.offset ?? 0;
  const page = measured.slice(offset, offset + (query.limit ?? 50));
  const [shares, sources] = await Promise.all([
    dayShares(
      db,
      page.map((row) => ({ id: row.machineId, timezone: row.timezone })),
      days,
    ),
    sourceCodes(
      db,
      page.map((row) => row.machineId),
    ),
  ]);
  return {
    days,
    machines: page.map(({ timezone: _zone, ...row }) => ({
      ...row,
      sources: sources.get(row.machineId) ?? [],
      days: shares.get(row.machineId) ?? [],
    })),
    total: measured.length,
  };
}

async function machineNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM machine WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function sourceCodes(db: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await db.query<{ machine_id: string; code: string }>(
    "SELECT machine_id, type || ' ' || code AS code FROM source WHERE machine_id = ANY($1::uuid[]) ORDER BY type, code",
    [ids],
  );
  const codes = new Map<string, string[]>();
  for (const row of rows)
    codes.set(row.machine_id, [...(codes.get(row.machine_id) ?? []), row.code]);
  return codes;
}

/** One machine's days: share, records against what its devices should send, and the gaps. */
export async function machineCompleteness(
  model: ReadModel,
  machineId: string,
  from: string,
  to: string,
): Promise<MachineCompletenessReply> {
  const { db } = model;
  const days = daysOf(from, to);
  const [machine] = await db.query<{ name: string; organisation_id: string }>(
    'SELECT name, organisation_id FROM machine WHERE id = $1',
    [machineId],
  );
  if (!machine) throw notFound('No such machine');
  const [organisation] = await db.query<Organisation>(
    'SELECT id, name, type, timezone FROM organisation WHERE id = $1',
    [machine.organisation_id],
  );
  if (!organisation) throw notFound('No such machine');
  const zone = organisation.timezone;
  const fromMs = startOfZonedDay(from, zone).getTime();
  const toMs = startOfZonedDay(addDays(to, 1), zone).getTime();
  const fleet = await measureFleet(
    model,
    organisation,
    { start: from, end: to, show: 'all' },
    null,
  );
  const measured = fleet.machines.find((row) => row.id === machineId);
  const coveragePct = measured
    ? activitySummary(columnsOf(measured.total, measured.rental), measured.available)
        .missingPercentage.value
    : null;
  const [shares, records, rollups, gaps] = await Promise.all([
    dayShares(db, [{ id: machineId, timezone: zone }], days),
    db.query<{ day: string; records: number }>(
      `SELECT to_char(r.device_time AT TIME ZONE $4, 'YYYY-MM-DD') AS day, count(*)::int AS records
         FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.machine_id = $1 AND r.device_time >= $2 AND r.device_time < $3 GROUP BY 1`,
      [machineId, new Date(fromMs), new Date(toMs), zone],
    ),
    db.query<{ day: string; on_s: number; off_s: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, active_s + idle_s + missing_s AS on_s, off_s
         FROM machine_day_rollup WHERE machine_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [machineId, from, to],
    ),
    db.query<{ from_at: Date; to_at: Date }>(
      `SELECT greatest(from_at, $2) AS from_at, least(to_at, $3) AS to_at FROM activity_segment
        WHERE machine_id = $1 AND state = 'missing' AND to_at > $2 AND from_at < $3 ORDER BY from_at`,
      [machineId, new Date(fromMs), new Date(toMs)],
    ),
  ]);
  // What the devices should send: one record per reporting interval, the longer one while off.
  const [intervals] = await db.query<{ on_s: number | null; off_s: number | null }>(
    `SELECT min(expected_interval_s) AS on_s, min(expected_interval_off_s) AS off_s
       FROM source WHERE machine_id = $1`,
    [machineId],
  );
  const recordsOf = new Map(records.map((row) => [row.day, row.records]));
  const rollupOf = new Map(rollups.map((row) => [row.day, row]));
  const share = shares.get(machineId) ?? [];
  return {
    machineId,
    name: machine.name,
    coveragePct,
    days: days.map((day, index) => {
      const rollup = rollupOf.get(day);
      const dayFromMs = startOfZonedDay(day, zone).getTime();
      const dayToMs = startOfZonedDay(addDays(day, 1), zone).getTime();
      const expected =
        rollup && intervals?.on_s && intervals.off_s
          ? Math.round(rollup.on_s / intervals.on_s + rollup.off_s / intervals.off_s)
          : 0;
      return {
        day,
        coveragePct: share[index] ?? null,
        records: recordsOf.get(day) ?? 0,
        expectedRecords: expected,
        gaps: gaps
          .filter((gap) => gap.to_at.getTime() > dayFromMs && gap.from_at.getTime() < dayToMs)
          .map((gap) => ({
            from: new Date(Math.max(gap.from_at.getTime(), dayFromMs)).toISOString(),
            to: new Date(Math.min(gap.to_at.getTime(), dayToMs)).toISOString(),
          })),
      };
    }),
  };
}
