// The organisation's wall clock as report cells hold it: yyyy-MM-dd, or yyyy-MM-dd HH:mm.
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
