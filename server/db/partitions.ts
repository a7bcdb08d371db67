// Monthly partitions of telemetry_record on PostgreSQL (migration 036): made ahead by the server,
// made on demand when a batch holds a month not made yet, and dropped past the retention. Months
// are UTC calendar months, named telemetry_record_YYYY_MM.
import type { Database } from './database.ts';

/** Records before this are unusable (validity.ts) and stay in the default partition. */
const FIRST_USABLE_MS = Date.UTC(2000, 0, 1);
/** Serialises the making and dropping of months across processes. */
const PARTITION_LOCK_ID = 4_210_036;

const monthKey = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const tableOf = (month: string) => `telemetry_record_${month.replace('-', '_')}`;
const monthStart = (month: string) => `${month}-01T00:00:00Z`;
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

export class TelemetryPartitions {
  /** Months known to exist; a month is only ever added, or dropped by this class. */
  private readonly made = new Set<string>();

  constructor(private readonly db: Database) {}

  /** Makes the months of these instants that do not exist yet: before a batch is inserted. */
  async ensureFor(deviceTimesMs: Iterable<number>): Promise<void> {
    const missing = new Set<string>();
    // The month last found made: a batch's records mostly share one, and naming a month for each
    // of 100,000 records took about 100 ms of the ingest's thread.
    let madeFromMs = 0;
    let madeToMs = 0;
    for (const ms of deviceTimesMs) {
      if (!(ms >= FIRST_USABLE_MS) || (ms >= madeFromMs && ms < madeToMs)) continue;
      const month = monthKey(ms);
      if (!this.made.has(month)) missing.add(month);
      else {
        madeFromMs = Date.parse(monthStart(month));
        madeToMs = Date.parse(monthStart(nextMonth(month)));
      }
    }
    if (missing.size > 0) await this.make([...missing]);
  }

  /** This month and the next `ahead`: called at start and daily, so inserts rarely make one. */
  async ensureAhead(now = Date.now(), ahead = 2): Promise<void> {
    const months = [monthKey(now)];
    for (let i = 0; i < ahead; i++) months.push(nextMonth(months.at(-1) as string));
    await this.make(months.filter((month) => !this.made.has(month)));
  }

  /**
   * Drops the months wholly older than `retentionMonths` before the current one; returns their
   * tables. The rollups, segments and everything computed from them stay.
   */
  async dropBefore(retentionMonths: number, now = Date.now()): Promise<string[]> {
    if (retentionMonths <= 0) return [];
    let first = monthKey(now);
    for (let i = 0; i < retentionMonths; i++) {
      const [year, m] = first.split('-').map(Number) as [number, number];
      first = m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
    }
    return (await this.dropMonthsBefore(first)).map((month) => month.table);
  }

  /** Drops the months that ended by `cutoffMs` (retention, docs/privacy.md), with their rows' estimate. */
  dropEndedBy(cutoffMs: number): Promise<{ table: string; estimatedRows: number }[]> {
    return this.dropMonthsBefore(monthKey(cutoffMs));
  }

  private dropMonthsBefore(firstKept: string) {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_ID]);
      const old = await tx.query<{ name: string; rows: number }>(
        `SELECT c.relname AS name, greatest(c.reltuples, 0)::float8 AS rows FROM pg_inherits i
           JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'telemetry_record'::regclass
            AND c.relname ~ '^telemetry_record_[0-9]{4}_[0-9]{2}$' AND c.relname < $1
          ORDER BY 1`,
        [tableOf(firstKept)],
      );
      for (const { name } of old) {
        await tx.exec(`DROP TABLE "${name}"`);
        this.made.delete(name.slice(-7).replace('_', '-'));
      }
      return old.map((row) => ({ table: row.name, estimatedRows: row.rows }));
    });
  }

  private async make(months: string[]): Promise<void> {
    if (months.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_ID]);
      const existing = new Set(
        (
          await tx.query<{ name: string }>(
            `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = 'telemetry_record'::regclass AND c.relname = ANY($1)`,
            [months.map(tableOf)],
          )
        ).map((row) => row.name),
      );
      for (const month of months) {
        const table = tableOf(month);
        if (!existing.has(table)) {
          const from = monthStart(month);
          const to = monthStart(nextMonth(month));
          // Rows of this month waiting in the default partition move into it first: attaching
          // a month while the default holds some of its rows would fail.
          await tx.exec(
            `CREATE TABLE "${table}" (LIKE telemetry_record INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
             WITH moved AS (
               DELETE FROM telemetry_record_default
                WHERE device_time >= '${from}' AND device_time < '${to}' RETURNING *)
             INSERT INTO "${table}" SELECT * FROM moved;
             ALTER TABLE telemetry_record ATTACH PARTITION "${table}" FOR VALUES FROM ('${from}') TO ('${to}');`,
          );
        }
      }
    });
    for (const month of months) this.made.add(month);
  }
}

const DAY_MS = 86_400_000;

/**
 * Months made ahead and old ones dropped now and once a day, by the processes that run the engine;
 * returns a stop function. Nothing to do on PGlite, whose telemetry is one table.
 */
export async function keepPartitions(
  db: Database,
  retentionMonths: number,
  log: {
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  },
): Promise<() => void> {
  if (db.kind !== 'postgres') return () => undefined;
  const partitions = new TelemetryPartitions(db);
  const run = async () => {
    try {
      await partitions.ensureAhead();
      const dropped = await partitions.dropBefore(retentionMonths);
      if (dropped.length > 0) log.info({ dropped }, 'telemetry months past the retention dropped');
    } catch (error) {
      log.error({ err: error }, 'telemetry partitions could not be kept');
    }
  };
  await run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
