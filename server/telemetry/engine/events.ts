// What the engine announces once a recompute is committed: for each machine, the days it wrote and
// what it saw in the records it read (runs, thefts, breakdowns, positions), so that listeners
// (alerts) need not read the records again. The engine knows no listener: modules subscribe.
import type { ShiftRule } from '../../../src/domain/shifts.ts';
import { forEachDayPiece, LocalDays, outOfHoursRuns } from './daily.ts';
import type { FuelEvent } from './fuel.ts';
import type { Segment } from './sample.ts';

export interface CommittedPosition {
  atMs: number;
  latitude: number;
  longitude: number;
}

/**
 * How far back a recompute reads the devices' power: the alerts raise nothing older than a day,
 * and a fall needs the reading before it.
 */
export const POWER_READINGS_MS = 2 * 86_400_000;

/** A device's own power at an instant: its battery, and the supply it is wired to. */
export interface PowerReading {
  sourceId: string;
  sourceType: string;
  atMs: number;
  batteryV: number | null;
  externalVoltageV: number | null;
}

export interface CommittedMachine {
  machineId: string;
  timeZone: string;
  /** The local days written, inclusive, and the instants they span. */
  fromDay: string;
  toDay: string;
  fromMs: number;
  toMs: number;
  /**
   * The tracker's segments over every record read (the days and up to 12 hours either side), so a
   * run that began before the first day keeps its true start.
   */
  segments: Segment[];
  /** Sessions of work outside the shift (runs shorter than the grace left out), touching runs joined. */
  outOfHours: [number, number][];
  thefts: FuelEvent[];
  /** When each breakdown period touching the days began. */
  breakdownStarts: number[];
  positions: CommittedPosition[];
  /** The readings of battery or external voltage of the last POWER_READINGS_MS, in time order. */
  power: PowerReading[];
}

export type CommitListener = (committed: CommittedMachine[]) => Promise<void>;

/** The out-of-hours sessions of a machine's active segments, day by day on each day's shift. */
export function outOfHoursSessions(
  segments: Segment[],
  timeZone: string,
  shiftOn: (dayStartMs: number, dayEndMs: number) => ShiftRule,
): [number, number][] {
  const days = new LocalDays(timeZone);
  const sessions: [number, number][] = [];
  for (const segment of segments) {
    if (segment.state !== 'active') continue;
    forEachDayPiece(segment.fromMs, segment.toMs, days, (_day, fromMs, toMs) => {
      const { startMs, endMs } = days.at(fromMs);
      for (const [a, b] of outOfHoursRuns(fromMs, toMs, shiftOn(startMs, endMs))) {
        const last = sessions.at(-1);
        if (last && last[1] >= a) last[1] = Math.max(last[1], b);
        else sessions.push([a, b]);
      }
    });
  }
  return sessions;
}
