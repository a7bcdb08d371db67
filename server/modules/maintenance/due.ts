// When a machine's service task falls due (issue 42, docs/maintenance.md "Due points"): by engine
// hours on the machine's leading meter, by the calendar, and by distance, whichever comes first.
// Hours and distance count on lifetime figures (a replaced meter does not move them): after a
// service, the next is the interval on from the service's reading; before any, the next multiple
// of the interval (a 250 h service falls at 250, 500, 750 … h). The calendar counts from the last
// service's day, or from the day the task was applied.
import { addDays } from '../../../src/domain/zonedTime.ts';
import type { ServiceStatus } from '../../../src/domain/api/maintenance.ts';

export interface TaskInterval {
  intervalH: number | null;
  intervalDays: number | null;
  intervalMonths: number | null;
  intervalKm: number | null;
  dueSoonH: number;
  dueSoonDays: number;
}

/** The last service of the task: its day and the machine's figures then. */
export interface LastService {
  day: string;
  meterH: number | null;
  distanceKm: number | null;
}

export interface DueInput {
  task: TaskInterval;
  last: LastService | null;
  /** The day the task began to apply to the machine: the calendar's start before any service. */
  appliedDay: string;
  /** The machine's figures now, null where unknown. */
  meterH: number | null;
  distanceKm: number | null;
  /** Engine hours a day over the last 30 days; null when there is too little data to say. */
  dailyHours: number | null;
  today: string;
}

export interface DuePoint {
  nextDueMeterH: number | null;
  nextDueDay: string | null;
  nextDueKm: number | null;
  remainingH: number | null;
  remainingDays: number | null;
  remainingKm: number | null;
  /** When the task falls due, by the calendar or by the machine's own daily hours. */
  forecastDay: string | null;
  status: ServiceStatus;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The day `months` calendar months after `day`, kept within the month (31 January + 1 → 28 February). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDate = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDate));
  return target.toISOString().slice(0, 10);
}

/** The next point on a count: the interval on from the last service, or the next multiple. */
function nextOnCount(interval: number | null, last: number | null, now: number | null) {
  if (interval === null) return null;
  if (last !== null) return last + interval;
  if (now === null) return null;
  return (Math.floor(now / interval) + 1) * interval;
}

function nextDay(task: TaskInterval, from: string): string | null {
  if (task.intervalDays !== null) return addDays(from, task.intervalDays);
  if (task.intervalMonths !== null) return addMonths(from, task.intervalMonths);
  return null;
}

const earliest = (days: (string | null)[]) =>
  days.filter((day): day is string => day !== null).sort()[0] ?? null;

export function duePoint(input: DueInput): DuePoint {
  const { task, last, meterH, distanceKm, today } = input;
  const nextDueMeterH = nextOnCount(task.intervalH, last?.meterH ?? null, meterH);
  const nextDueKm = nextOnCount(task.intervalKm, last?.distanceKm ?? null, distanceKm);
  const nextDueDay = nextDay(task, last?.day ?? input.appliedDay);
  const remainingH = nextDueMeterH === null || meterH === null ? null : nextDueMeterH - meterH;
  const remainingKm = nextDueKm === null || distanceKm === null ? null : nextDueKm - distanceKm;
  const remainingDays = nextDueDay === null ? null : daysBetween(today, nextDueDay);
  // The hours' due day at the machine's own pace; none without enough data to say.
  const byHours =
    remainingH === null || input.dailyHours === null || input.dailyHours <= 0
      ? null
      : addDays(today, Math.max(0, Math.ceil(remainingH / input.dailyHours)));
  const overdue =
    (remainingH !== null && remainingH <= 0) ||
    (remainingKm !== null && remainingKm <= 0) ||
    (remainingDays !== null && remainingDays < 0);
  const soon =
    (remainingH !== null && remainingH <= task.dueSoonH) ||
    (remainingDays !== null && remainingDays <= task.dueSoonDays) ||
    (byHours !== null && daysBetween(today, byHours) <= task.dueSoonDays);
  return {
    nextDueMeterH,
    nextDueDay,
    nextDueKm,
    remainingH,
    remainingDays,
    remainingKm,
    forecastDay: earliest([nextDueDay, byHours]),
    status: overdue ? 'overdue' : soon ? 'dueSoon' : 'ok',
  };
}
