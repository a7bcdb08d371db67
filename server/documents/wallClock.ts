// The organisation's wall clock as report cells hold it: yyyy-MM-dd, or yyyy-MM-dd HH:mm.
import { timeZoneOffsetMs } from '../../src/domain/zonedTime.ts';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

export interface WallClock {
  year: number;
  month: number;
  day: number;
  /** Null for a day. */
  time: { hour: number; minute: number } | null;
}

export function readWallClock(text: string): WallClock | null {
  const match = WALL_CLOCK.exec(text);
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour, minute] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  return {
    year,
    month,
    day,
    time: hour === undefined || minute === undefined ? null : { hour, minute },
  };
}

/** An instant (ISO text) on the wall clock of `timeZone`, as a cell holds it: yyyy-MM-dd HH:mm. */
export function wallClockOf(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  return new Date(instant.getTime() + timeZoneOffsetMs(instant, timeZone))
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
}
