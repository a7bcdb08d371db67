// A record's source is no longer checked by a foreign key (migration 042: the check was a third of
// the ingest's insert); what its ON DELETE CASCADE did is kept by a statement trigger. Deleting a
// source deletes its records and only its records; the source stays usable for the ingest, and
// its updates are made in place (migration 043's room on each page).
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { createIngest } from '../../server/telemetry/ingest.ts';
import { emptyRecord } from '../../server/telemetry/record.ts';
import { testDatabases } from '../support/databases.ts';

const CODES: [string, string] = ['350000000990001', '350000000990002'];

describe.each(testDatabases)('a source and its records on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(() => close?.());

  const recordsOf = async (code: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM telemetry_record r JOIN source s ON s.id = r.source_id
          WHERE s.type = 'TELTONIKA' AND s.code = $1`,
        [code],
      )
    )[0]?.n;

  it('deletes the records of a deleted source, and no other', async () => {
    const ingest = createIngest(db);
    const startMs = Date.now() - 3_600_000;
    const sent = await ingest(
      CODES.flatMap((code) =>
        [0, 1, 2].map((i) => emptyRecord('TELTONIKA', code, startMs + i * 60_000, Date.now())),
      ),
    );
    expect(sent.stored).toBe(6);
    const [source] = await db.query<{ id: string }>(
      `SELECT id FROM source WHERE type = 'TELTONIKA' AND code = $1`,
      [CODES[0]],
    );
    const gone = source?.id ?? '';

    await db.query(`DELETE FROM source WHERE id = $1`, [gone]);

    const left = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM telemetry_record WHERE source_id = $1`,
      [gone],
    );
    expect(left[0]?.n).toBe(0);
    expect(await recordsOf(CODES[1])).toBe(3);
    // Sent again, the deleted source is a new unassigned source with its records.
    const again = await ingest([emptyRecord('TELTONIKA', CODES[0], startMs, Date.now())]);
    expect(again.stored).toBe(1);
    expect(await recordsOf(CODES[0])).toBe(1);
  });

  it('keeps room on each page of sources, so that every batch updates them in place', async () => {
    const [row] = await db.query<{ options: string[] | null }>(
      `SELECT reloptions AS options FROM pg_class WHERE relname = 'source'`,
    );
    expect(row?.options).toContain('fillfactor=50');
  });
});
