// When in the week a machine works: its active and idle hours by local weekday and hour over a
// range of days, within the periods the caller may see.
import type { WorkActivityQuery, WorkActivityReply } from '../../../src/domain/api/machineInfo.ts';
import { timeZoneOffsetMs } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { dayRange } from './dayRange.ts';
import type { Visibility } from './visibility.ts';

const HOUR_MS = 3_600_000;
const MAX_WORK_ACTIVITY_DAYS = 92;

export async function workActivity(
  db: Queryable,
  machineId: string,
  visibility: Visibility,
  query: WorkActivityQuery,
): Promise<WorkActivityReply> {
  const timeZone = visibility.timezone;
  const { startDate, endDate, fromMs, toMs } = dayRange(query, timeZone, {
    defaultDays: 28,
    maxDays: MAX_WORK_ACTIVITY_DAYS,
  });
  const segments = await db.query<{ state: 'active' | 'idle'; from_at: Date; to_at: Date }>(
    `SELECT state, from_at, to_at FROM activity_segment
      WHERE machine_id = $1 AND from_at >= $2 AND from_at < $3 AND state IN ('active', 'idle')`,
    [machineId, new Date(fromMs), new Date(toMs)],
  );
  const grid = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  const reply = {
    machineId: machineId,
    timezone: timeZone,
    startDate,
    endDate,
    activeHours: grid(),
    idleHours: grid(),
  };
  for (const segment of segments) {
    const target = segment.state === 'active' ? reply.activeHours : reply.idleHours;
    for (const period of visibility.periods) {
      let from = Math.max(segment.from_at.getTime(), period.fromMs);
      const to = Math.min(segment.to_at.getTime(), period.toMs);
      // Hour by hour in local time: a segment lies within one local day, so at most 25 steps.
      while (from < to) {
        const local = from + timeZoneOffsetMs(new Date(from), timeZone);
        const hourEnd = Math.min(to, from + (HOUR_MS - (local % HOUR_MS)));
        const weekday = (new Date(local).getUTCDay() + 6) % 7;
        const row = target[weekday] as number[];
        const hour = new Date(local).getUTCHours();
        row[hour] = (row[hour] ?? 0) + (hourEnd - from) / HOUR_MS;
        from = hourEnd;
      }
    }
  }
  return reply;
}
