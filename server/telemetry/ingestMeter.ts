// Records received per protocol per hour, for the staff home's ingest rate. Counted in memory as
// they pass the ingest (telemetry_record has no index by arrival time, and one would tax every
// insert), and added every FLUSH_MS to the ingest_hour table that every process reads, so the home
// shows what all ingest processes received, this process's own counts at once. Hours older than
// those kept are deleted.
import type { Database } from '../db/database.ts';
import type { Ingest } from './ingest.ts';

const HOUR_MS = 3_600_000;
/** How late another process's counts may reach the home: a statement per ingest process this often. */
const FLUSH_MS = 5_000;

type Counts = Map<number, Map<string, number>>;

function add(counts: Counts, hour: number, sourceType: string, records: number): void {
  let byType = counts.get(hour);
  if (!byType) counts.set(hour, (byType = new Map()));
  byType.set(sourceType, (byType.get(sourceType) ?? 0) + records);
}

export class IngestMeter {
  /** Counted here and not yet in the table: hour start (ms) → source type → records. */
  private pending: Counts = new Map();
  /** Flushes and reads of the table one at a time, so that no count is missed or seen twice. */
  private turn: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly keepHours = 48,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_MS);
    this.timer.unref();
  }

  count(sourceType: string, records: number, atMs = Date.now()): void {
    add(this.pending, Math.floor(atMs / HOUR_MS) * HOUR_MS, sourceType, records);
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

  /** Adds the counts not yet in the table to it; kept for the next flush when the database fails. */
  flush(): Promise<void> {
    return this.inTurn(async () => {
      if (this.pending.size === 0) return;
      const flushing = this.pending;
      this.pending = new Map();
      const rows = [...flushing].flatMap(([hour, byType]) =>
        [...byType].map(([type, records]) => ({ hour, type, records })),
      );
      try {
        await this.db.query(
          `INSERT INTO ingest_hour (hour, source_type, records)
           SELECT to_timestamp(h / 1000.0), t, r
             FROM unnest($1::float8[], $2::text[], $3::bigint[]) AS u(h, t, r)
           ON CONFLICT (hour, source_type) DO UPDATE SET records = ingest_hour.records + EXCLUDED.records`,
          [
            rows.map((row) => row.hour),
            rows.map((row) => row.type),
            rows.map((row) => row.records),
          ],
        );
      } catch (error) {
        for (const row of rows) add(this.pending, row.hour, row.type, row.records);
        throw error;
      }
      await this.db.query(
        `DELETE FROM ingest_hour WHERE hour < now() - make_interval(hours => $1)`,
        [this.keepHours],
      );
    });
  }

  /** The last `hours` hours of every process, oldest first, the current one last. */
  last(
    hours: number,
    nowMs = Date.now(),
  ): Promise<{ hours: number[]; bySourceType: Map<string, number[]> }> {
    const current = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const starts = Array.from({ length: hours }, (_, i) => current - (hours - 1 - i) * HOUR_MS);
    return this.inTurn(async () => {
      const rows = await this.db.query<{ hour: number; source_type: string; records: number }>(
        `SELECT extract(epoch FROM hour) * 1000 AS hour, source_type, records
           FROM ingest_hour WHERE hour >= to_timestamp($1 / 1000.0)`,
        [starts[0] ?? current],
      );
      const counts: Counts = new Map();
      for (const row of rows) add(counts, Number(row.hour), row.source_type, Number(row.records));
      for (const [hour, byType] of this.pending)
        for (const [type, records] of byType) add(counts, hour, type, records);
      const bySourceType = new Map<string, number[]>();
      starts.forEach((start, index) => {
        for (const [type, records] of counts.get(start) ?? []) {
          let series = bySourceType.get(type);
          if (!series) bySourceType.set(type, (series = new Array<number>(hours).fill(0)));
          series[index] = records;
        }
      });
      return { hours: starts, bySourceType };
    });
  }

  /** Stops the timer and adds what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }
}
