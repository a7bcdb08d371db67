// Records received per protocol per hour, counted in memory as they pass the ingest, for the staff
// home's ingest rate. Counting here costs nothing on the database (telemetry_record has no index by
// arrival time, and one would tax every insert). Each process counts what it received itself, and
// the count starts again at a restart; the hours kept are bounded.
import type { Ingest } from './ingest.ts';

const HOUR_MS = 3_600_000;

export class IngestMeter {
  /** Hour start (ms) → source type → records. */
  private readonly hours = new Map<number, Map<string, number>>();

  constructor(private readonly keepHours = 48) {}

  count(sourceType: string, records: number, atMs = Date.now()): void {
    const hour = Math.floor(atMs / HOUR_MS) * HOUR_MS;
    let byType = this.hours.get(hour);
    if (!byType) {
      this.hours.set(hour, (byType = new Map()));
      for (const known of this.hours.keys())
        if (known <= hour - this.keepHours * HOUR_MS) this.hours.delete(known);
    }
    byType.set(sourceType, (byType.get(sourceType) ?? 0) + records);
  }

  /** The ingest, counting each batch's records by their protocol before passing them on. */
  wrap(ingest: Ingest): Ingest {
    return (records) => {
      const byType = new Map<string, number>();
      for (const record of records)
        byType.set(record.sourceType, (byType.get(record.sourceType) ?? 0) + 1);
      for (const [type, count] of byType) this.count(type, count);
      return ingest(records);
    };
  }

  /** The last `hours` hours, oldest first, the current one last. */
  last(
    hours: number,
    nowMs = Date.now(),
  ): { hours: number[]; bySourceType: Map<string, number[]> } {
    const current = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const starts = Array.from({ length: hours }, (_, i) => current - (hours - 1 - i) * HOUR_MS);
    const bySourceType = new Map<string, number[]>();
    starts.forEach((start, index) => {
      for (const [type, count] of this.hours.get(start) ?? []) {
        let series = bySourceType.get(type);
        if (!series) bySourceType.set(type, (series = new Array<number>(hours).fill(0)));
        series[index] = count;
      }
    });
    return { hours: starts, bySourceType };
  }
}
