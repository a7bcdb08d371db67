// Groups of records committing at once (createIngest's concurrentCommits, 4 on PostgreSQL): many
// callers sending at the same moment for the same sources, with retransmissions of each other's
// records, all settle with their own counts, and each record is stored once with its health sums.
// With `gatherMs` (PGlite's one committing group), records arriving a few turns of the event loop
// apart still share one commit.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.ts';
import { createIngest } from '../../server/telemetry/ingest.ts';
import { emptyRecord, type TelemetryRecord } from '../../server/telemetry/record.ts';
import { testDatabases } from '../support/databases.ts';

const SOURCES = 20;
// 12,000 records: more than one group takes (5,000), so groups commit side by side.
const CALLERS = 120;
const RECORDS_PER_CALLER = 100;
const codeOf = (i: number) => `35000000070${String(i).padStart(4, '0')}`;

describe.each(testDatabases)('commits at once on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(() => close?.());

  let committing = 0;
  let mostAtOnce = 0;
  let transactions = 0;
  /** The database, counting its transactions and how many ran at once. */
  const counted = (): Database =>
    Object.assign(Object.create(db) as Database, {
      transaction: async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
        transactions++;
        mostAtOnce = Math.max(mostAtOnce, ++committing);
        try {
          return await db.transaction(work);
        } finally {
          committing--;
        }
      },
    });

  it('stores every record once and tells each caller what became of its own', async () => {
    const ingest = createIngest(counted(), { concurrentCommits: 4 });
    const baseMs = Date.now() - 3_600_000;
    // Caller c sends records of every source in its own order, on minutes c to c + 100: neighbours
    // overlap, so most records reach the store twice or more, in groups committing at once.
    const batches = Array.from({ length: CALLERS }, (_, c) =>
      Array.from({ length: RECORDS_PER_CALLER }, (_, r): TelemetryRecord => {
        const source = (c * 7 + r) % SOURCES;
        const atMs = baseMs + (c + r) * 60_000;
        return { ...emptyRecord('TELTONIKA', codeOf(source), atMs, Date.now()), ignition: true };
      }),
    );
    const results = await Promise.all(batches.map((batch) => ingest(batch)));
    // PGlite runs a whole transaction without a turn of the event loop: there they follow each other.
    if (database.kind === 'postgres') expect(mostAtOnce).toBeGreaterThan(1);

    const distinct = new Set(
      batches.flat().map((record) => `${record.sourceCode}|${record.deviceTimeMs}`),
    );
    const stored = results.reduce((sum, result) => sum + result.stored, 0);
    const duplicates = results.reduce((sum, result) => sum + result.duplicates, 0);
    expect(stored).toBe(distinct.size);
    expect(stored + duplicates).toBe(CALLERS * RECORDS_PER_CALLER);
    expect(results.every((result) => result.quarantined === 0)).toBe(true);

    const [counts] = await db.query<{ records: number; sources: number; health: number }>(
      `SELECT (SELECT count(*)::int FROM telemetry_record) AS records,
              (SELECT count(*)::int FROM source) AS sources,
              (SELECT coalesce(sum(records), 0)::int FROM source_health_day) AS health`,
    );
    expect(counts).toEqual({ records: distinct.size, sources: SOURCES, health: distinct.size });
  });

  it('waits gatherMs for more records, so callers a few turns apart share one commit', async () => {
    const baseMs = Date.now() - 7_200_000;
    const batch = (caller: number) =>
      Array.from({ length: 10 }, (_, r) =>
        emptyRecord('TELTONIKA', codeOf(caller), baseMs + r * 60_000, Date.now()),
      );
    const turns = (n: number) =>
      Array.from({ length: n }).reduce<Promise<void>>(
        (previous) => previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))),
        Promise.resolve(),
      );
    /** Three callers, each three turns of the event loop after the one before. */
    const send = async (ingest: ReturnType<typeof createIngest>, first: number) => {
      const sent: Promise<unknown>[] = [];
      for (let caller = first; caller < first + 3; caller++) {
        sent.push(ingest(batch(caller)));
        await turns(3);
      }
      await Promise.all(sent);
    };

    transactions = 0;
    await send(createIngest(counted()), 100);
    // The first caller's commit starts on the next turn, alone.
    expect(transactions).toBeGreaterThan(1);

    transactions = 0;
    // Far longer than three turns take, so the callers are gathered whatever the machine's speed.
    await send(createIngest(counted(), { gatherMs: 1_000 }), 200);
    expect(transactions).toBe(1);
  });
});
