// What each simulated machine does, minute by minute: its state timeline, drives, refills and thefts.
import { nextDate, weekdayOf, zonedInstant } from '../../../src/domain/zonedTime.ts';
import { between, seededRandom, type Random } from './random.ts';

export type PlanState = 'active' | 'idle' | 'off' | 'missing';
export type SimKind = 'excavator' | 'dumper' | 'telehandler';

export interface LatLon {
  latitude: number;
  longitude: number;
}

export interface PlanInterval {
  state: PlanState;
  fromMs: number;
  toMs: number;
}

export interface Drive {
  fromMs: number;
  toMs: number;
  from: LatLon;
  to: LatLon;
}

export interface PlannedFuelEvent {
  atMs: number;
  litres: number;
}

export interface SimMachine {
  imei: string;
  kind: SimKind;
  /** A cumulative fuel counter on the CAN bus, or only a tank-level sensor. */
  fuelSensor: 'counter' | 'level';
  site: LatLon;
  /** The far end of the haul road, for machines that drive. */
  tip: LatLon;
  worksSaturday: boolean;
  /** Finishes about 90 minutes late: activity after 18:00 is out of hours. */
  lateFinish: boolean;
  /** Loses power for five hours on the third night: missing data. */
  dropsOut: boolean;
  /** Has 40 litres taken from its tank on the third night. */
  robbed: boolean;
  /** Breaks down mid-morning on the second day and is repaired after lunch on the third. */
  breaksDown?: boolean;
  /** The operator's iButton key, reported while the ignition is on. */
  operatorKey?: number;
  /** The modem's signal level, 0 to 5 (Teltonika IO 21); 4 when not said. */
  gsmLevel?: number;
  /** The tracker's engine-hours count (Teltonika IO 103), when it keeps one. */
  meter?: SimMeter;
  /**
   * Stands still from this moment (back in its depot after a hire, or idle on one): no work on the
   * day it falls in or after.
   */
  parkedFromMs?: number;
}

/**
 * A tracker's engine-hours count as real ones behave (issue 41): it counts the engine's active and
 * idle time from `startH` in steps of 0.05 h; a reboot loses the minutes it had not saved; a new
 * tracker starts again from 0; a five-digit count passes 9,999.95 h to 0. The events fall after so
 * many hours of engine time, so they land inside any simulated week that works.
 */
export interface SimMeter {
  startH: number;
  /** Reboots after this many engine hours, losing `lostH` of its count. */
  reboot?: { afterEngineH: number; lostH: number };
  /** A new tracker is fitted after this many engine hours: its count starts at 0. */
  replacedAfterEngineH?: number;
  /** The count rolls over to 0 here (10,000 h on a five-digit meter). */
  rollsOverAtH?: number;
}

/**
 * The demo operators' iButton keys (Teltonika IO 78) and the names the demo rental company gave
 * them; one demo machine in three carries one.
 */
export const DEMO_OPERATOR_KEYS: readonly { key: number; name: string }[] = [
  { key: 0x001b2c3d4e5f6001, name: 'Sam Okafor' },
  { key: 0x001b2c3d4e5f6002, name: 'Priya Nair' },
  { key: 0x001b2c3d4e5f6003, name: 'Tom Hughes' },
  { key: 0x001b2c3d4e5f6004, name: 'Ana Costa' },
  // A key nobody has named yet: it shows as itself until an admin names it.
  { key: 0x001b2c3d4e5f6005, name: '' },
];

export interface MachinePlan {
  timeline: PlanInterval[];
  drives: Drive[];
  refills: PlannedFuelEvent[];
  thefts: PlannedFuelEvent[];
  /** When the machine was broken down: it stands off, and its owner flags it in the portal. */
  breakdowns: PlanInterval[];
}

const MIN = 60_000;
export const REFILL_L = 150;
export const THEFT_L = 40;
const LOAD_MS = 5 * MIN;
const DRIVE_MS = 4 * MIN;

function push(timeline: PlanInterval[], state: PlanState, fromMs: number, toMs: number): void {
  if (toMs <= fromMs) return;
  const last = timeline[timeline.length - 1];
  if (last && last.state === state && last.toMs === fromMs) last.toMs = toMs;
  else timeline.push({ state, fromMs, toMs });
}

/** Work from `fromMs` to `toMs`: runs of 30–80 minutes' work with 4–15 minute idle pauses between. */
function work(timeline: PlanInterval[], random: Random, fromMs: number, toMs: number): void {
  let t = fromMs;
  while (t < toMs) {
    const active = Math.min(toMs, t + between(random, 30, 80) * MIN);
    push(timeline, 'active', t, active);
    const idle = Math.min(toMs, active + between(random, 4, 15) * MIN);
    push(timeline, 'idle', active, idle);
    t = idle;
  }
}

/** Haul cycles inside each active run: load, drive to the tip, tip, drive back; every drive a trip. */
function planDrives(machine: SimMachine, timeline: PlanInterval[]): Drive[] {
  const drives: Drive[] = [];
  let at = machine.site;
  for (const interval of timeline) {
    if (interval.state !== 'active') continue;
    let t = interval.fromMs + LOAD_MS;
    // A drive only starts if it ends inside the run with a stop's worth of time to spare.
    while (t + DRIVE_MS + LOAD_MS <= interval.toMs) {
      const to = at === machine.site ? machine.tip : machine.site;
      drives.push({ fromMs: t, toMs: t + DRIVE_MS, from: at, to });
      at = to;
      t += DRIVE_MS + LOAD_MS;
    }
  }
  return drives;
}

/** The timeline with the machine off (not missing) wherever it is broken down. */
function standStill(timeline: PlanInterval[], breakdowns: PlanInterval[]): PlanInterval[] {
  if (breakdowns.length === 0) return timeline;
  const out: PlanInterval[] = [];
  for (const interval of timeline) {
    let start = interval.fromMs;
    for (const broken of breakdowns) {
      if (broken.toMs <= start || broken.fromMs >= interval.toMs) continue;
      push(out, interval.state, start, broken.fromMs);
      const end = Math.min(interval.toMs, broken.toMs);
      push(
        out,
        interval.state === 'missing' ? 'missing' : 'off',
        Math.max(start, broken.fromMs),
        end,
      );
      start = end;
    }
    push(out, interval.state, start, interval.toMs);
  }
  return out;
}

/** Each day's plan depends only on the machine, the seed and the day, whatever window is simulated. */
function dayRandom(machine: SimMachine, seed: number, day: string): Random {
  return seededRandom(
    seed * 1_000_003 + Number(machine.imei.slice(-7)) * 131 + Number(day.replaceAll('-', '')),
  );
}

export function planMachine(
  machine: SimMachine,
  days: string[],
  timeZone: string,
  seed: number,
): MachinePlan {
  const timeline: PlanInterval[] = [];
  const refills: PlannedFuelEvent[] = [];
  const thefts: PlannedFuelEvent[] = [];
  const local = (day: string, hour: number, minute = 0) =>
    zonedInstant(day, hour * 60 + minute, timeZone).getTime();
  let cursor = local(days[0] ?? '2026-01-01', 0);

  days.forEach((day, index) => {
    const random = dayRandom(machine, seed, day);
    const weekday = weekdayOf(day);
    if (machine.parkedFromMs !== undefined && local(nextDate(day), 0) > machine.parkedFromMs)
      return;
    if (machine.dropsOut && index === 2) {
      push(timeline, 'off', cursor, local(day, 1));
      push(timeline, 'missing', local(day, 1), local(day, 6));
      cursor = local(day, 6);
    }
    if (machine.robbed && index === 2) thefts.push({ atMs: local(day, 2, 17), litres: THEFT_L });
    if (machine.fuelSensor === 'level' && (weekday === 1 || weekday === 4)) {
      refills.push({ atMs: local(day, 6, 30), litres: REFILL_L });
    }
    if (weekday >= 1 && weekday <= 5) {
      const start = local(day, 7, between(random, -10, 25));
      const end = local(day, 17, between(random, -20, 30) + (machine.lateFinish ? 90 : 0));
      push(timeline, 'off', cursor, start);
      work(timeline, random, start, local(day, 12));
      push(timeline, 'off', local(day, 12), local(day, 12, 30));
      work(timeline, random, local(day, 12, 30), end);
      cursor = end;
    } else if (weekday === 6 && machine.worksSaturday) {
      push(timeline, 'off', cursor, local(day, 8));
      work(timeline, random, local(day, 8), local(day, 11, 30));
      cursor = local(day, 11, 30);
    }
  });
  const lastDay = days[days.length - 1] ?? '2026-01-01';
  push(timeline, 'off', cursor, local(nextDate(lastDay), 0));
  const breakdowns: PlanInterval[] =
    machine.breaksDown && days.length > 2
      ? [
          {
            state: 'off',
            fromMs: local(days[1] as string, 10, 30),
            toMs: local(days[2] as string, 13),
          },
        ]
      : [];
  const worked = standStill(timeline, breakdowns);
  return {
    timeline: worked,
    drives: machine.kind === 'dumper' ? planDrives(machine, worked) : [],
    refills,
    thefts,
    breakdowns,
  };
}
