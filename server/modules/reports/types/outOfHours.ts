// Out-of-hours activity: each session a machine worked outside its shift, with its start, end and
// site, then each machine's total. A session is the engine's own out-of-hours runs (the active time
// outside the day's shift, runs under the grace period left out) joined where they touch, so the
// totals are the machine list's out-of-hours hours.
import type { MachineRow } from '../../../../src/domain/api/machines.ts';
import { nextDate, startOfZonedDay } from '../../../../src/domain/zonedTime.ts';
import { forEachDayPiece, LocalDays, outOfHoursRuns } from '../../../telemetry/engine/daily.ts';
import { shiftPlans } from '../../../telemetry/engine/shiftPlan.ts';
import { listMachines } from '../../machines/index.ts';
import { localTimeIn } from '../../maps/index.ts';
import { rangeLine, roundedInstant, selectionOf, type ReportBuilder } from '../context.ts';
import { section } from '../../../documents/document.ts';
import type { Queryable } from '../../../db/database.ts';
import type { Organisation } from '../../../tenancy/organisation.ts';
import { hoursIn, metricOf, whoColumns } from './machineColumns.ts';

/** Machines whose sessions are worked out together. */
const BATCH_MACHINES = 200;

/** The rows by a key, each list in the rows' order. */
function groupBy<Row>(rows: Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

interface Session {
  machine: MachineRow;
  fromMs: number;
  toMs: number;
}

/** The out-of-hours sessions of one batch of machines, each machine's in time order. */
async function batchSessions(
  db: Queryable,
  organisation: Organisation,
  request: { start: string; end: string },
  batch: MachineRow[],
): Promise<Session[]> {
  const sessions: Session[] = [];
  const owners = await db.query<{ id: string; timezone: string }>(
    `SELECT m.id, o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id
      WHERE m.id = ANY($1::uuid[])`,
    [batch.map((m) => m.id)],
  );
  // The list's days are the owner's days.
  const zoneOf = new Map(owners.map((o) => [o.id, o.timezone]));
  const windowOf = (m: MachineRow) => {
    const zone = zoneOf.get(m.id) ?? organisation.timezone;
    return {
      machineId: m.id,
      fromMs: startOfZonedDay(request.start, zone).getTime(),
      toMs: startOfZonedDay(nextDate(request.end), zone).getTime(),
    };
  };
  const windows = batch.map(windowOf);
  const [plans, segments, hires] = await Promise.all([
    shiftPlans(db, windows),
    db.query<{ machine_id: string; from_at: Date; to_at: Date }>(
      `SELECT s.machine_id, s.from_at, s.to_at FROM activity_segment s
         JOIN unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w(machine_id, from_at, to_at)
           ON w.machine_id = s.machine_id AND s.from_at < w.to_at AND s.to_at > w.from_at
        WHERE s.state = 'active'
        ORDER BY s.machine_id, s.from_at`,
      [
        windows.map((w) => w.machineId),
        windows.map((w) => new Date(w.fromMs).toISOString()),
        windows.map((w) => new Date(w.toMs).toISOString()),
      ],
    ),
    // A customer sees another's machine during its hires only.
    db.query<{ machine_id: string; starts_at: Date; ends_at: Date | null }>(
      `SELECT h.machine_id, h.starts_at, h.ends_at FROM hire h JOIN machine m ON m.id = h.machine_id
        WHERE h.machine_id = ANY($1::uuid[]) AND m.organisation_id <> $2
          AND h.customer_organisation_id = $2`,
      [batch.map((m) => m.id), organisation.id],
    ),
  ]);
  const segmentsOf = groupBy(segments, (segment) => segment.machine_id);
  const hiresOf = groupBy(hires, (hire) => hire.machine_id);
  for (const [index, machine] of batch.entries()) {
    const window = windows[index] as (typeof windows)[number];
    const zone = zoneOf.get(machine.id) ?? organisation.timezone;
    const plan = plans.get(machine.id);
    const own = hiresOf.get(machine.id) ?? [];
    const periods = own.length
      ? own.map((h) => [h.starts_at.getTime(), h.ends_at?.getTime() ?? Infinity] as const)
      : [[-Infinity, Infinity] as const];
    const days = new LocalDays(zone);
    const runs: [number, number][] = [];
    for (const segment of segmentsOf.get(machine.id) ?? []) {
      for (const [periodFrom, periodTo] of periods) {
        const fromMs = Math.max(segment.from_at.getTime(), window.fromMs, periodFrom);
        const toMs = Math.min(segment.to_at.getTime(), window.toMs, periodTo);
        if (fromMs >= toMs || !plan) continue;
        forEachDayPiece(fromMs, toMs, days, (_day, pieceFrom, pieceTo) => {
          const { startMs, endMs } = days.at(pieceFrom);
          runs.push(...outOfHoursRuns(pieceFrom, pieceTo, plan.onDay(startMs, endMs)));
        });
      }
    }
    runs.sort((a, b) => a[0] - b[0]);
    for (const [fromMs, toMs] of runs) {
      const last = sessions.at(-1);
      if (last && last.machine === machine && last.toMs >= fromMs)
        last.toMs = Math.max(last.toMs, toMs);
      else sessions.push({ machine, fromMs, toMs });
    }
  }
  return sessions;
}

export const outOfHours: ReportBuilder = async ({
  db,
  readModel,
  organisation,
  request,
  roundingMinutes,
  progress,
}) => {
  const { machines } = await listMachines(readModel, organisation, {
    ...selectionOf(request),
    sort: 'outOfHours',
    order: 'DESC',
  });
  const working = machines.filter((m) => (metricOf(m, 'outOfHours') ?? 0) > 0);
  const sessions: Session[] = [];
  for (let first = 0; first < working.length; first += BATCH_MACHINES) {
    await progress(first, working.length);
    const batch = working.slice(first, first + BATCH_MACHINES);
    sessions.push(...(await batchSessions(db, organisation, request, batch)));
  }
  await progress(working.length, working.length);

  const sessionsOf = new Map<MachineRow, number>();
  for (const s of sessions) sessionsOf.set(s.machine, (sessionsOf.get(s.machine) ?? 0) + 1);
  const localTime = localTimeIn(organisation);
  const at = (ms: number) => localTime(new Date(roundedInstant(ms, roundingMinutes)).toISOString());
  return {
    title: 'Out-of-hours activity',
    subtitle: [organisation.name, rangeLine(request), `${sessions.length} sessions`],
    sections: [
      section<Session>(
        'Sessions',
        [
          { heading: 'Machine', value: (s) => s.machine.name },
          { heading: 'Asset ID', value: (s) => s.machine.assetID },
          { heading: 'Site', value: (s) => s.machine.site },
          { heading: 'Start', value: (s) => at(s.fromMs) },
          { heading: 'End', value: (s) => at(s.toMs) },
          hoursIn(roundingMinutes)<Session>('Duration (h)', (s) => (s.toMs - s.fromMs) / 3_600_000),
        ],
        sessions,
        { empty: 'No machine worked out of hours in this range.' },
      ),
      section<MachineRow>(
        'Machines',
        [
          ...whoColumns(),
          hoursIn(roundingMinutes)<MachineRow>('Out of hours (h)', (m) =>
            metricOf(m, 'outOfHours'),
          ),
          { heading: 'Sessions', decimals: 0, value: (m) => sessionsOf.get(m) ?? 0 },
        ],
        working,
        {
          empty: 'No machine worked out of hours in this range.',
          chart: {
            title: 'Out-of-hours hours',
            unit: 'h',
            series: ['Out of hours'],
            bars: working.slice(0, 20).map((m) => ({
              label: m.name,
              values: [metricOf(m, 'outOfHours') ?? 0],
            })),
          },
        },
      ),
    ],
  };
};
