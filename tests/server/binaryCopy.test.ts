// Binary COPY (server/db/binaryCopy.ts and each adapter's copyFrom and copyOut): every value type
// the ingest writes comes back as it was sent, on PGlite and PostgreSQL, read as text or as a binary
// stream, and a value the text input would have refused is refused here too, rather than stored as
// something else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeBinaryCopy,
  encodeBinaryCopy,
  type CopyColumn,
  type CopyValue,
} from '../../server/db/binaryCopy.ts';
import { sqlLiteral, type Database } from '../../server/db/database.ts';
import { testDatabases } from '../support/databases.ts';

interface Row {
  id: string;
  at: number;
  label: string | null;
  level: number | null;
  reading: number;
  bars: number;
  inputs: number;
  on: boolean;
  io: string;
}

const COLUMNS: readonly (readonly [string, CopyColumn<Row>])[] = [
  ['id', { type: 'uuid', read: (r) => r.id }],
  ['at', { type: 'timestamptz', read: (r) => r.at }],
  ['label', { type: 'text', read: (r) => r.label }],
  ['level', { type: 'float4', read: (r) => r.level }],
  ['reading', { type: 'float8', read: (r) => r.reading }],
  ['bars', { type: 'int2', read: (r) => r.bars }],
  ['inputs', { type: 'int4', read: (r) => r.inputs }],
  ['on_', { type: 'bool', read: (r) => r.on }],
  ['io', { type: 'json', read: (r) => r.io }],
];
const NAMES = COLUMNS.map(([name]) => name);
const encode = (rows: Row[]) =>
  encodeBinaryCopy(
    COLUMNS.map(([, column]) => column),
    rows,
  );

const ROWS: Row[] = [
  {
    id: '0190a1b2-c3d4-e5f6-a7b8-c9d0e1f2a3b4',
    at: Date.UTC(2026, 10, 20, 11, 0, 0, 123),
    label: 'Grue à tour 北 🚜',
    level: 61.25,
    reading: Math.PI,
    bars: -32_768,
    inputs: 2_147_483_647,
    on: true,
    io: '{"239":1,"note":"é"}',
  },
  {
    // Before PostgreSQL's epoch (2000), so the microseconds are negative.
    id: 'FFFFFFFF-0000-4000-8000-000000000001',
    at: Date.UTC(1999, 11, 31, 23, 59, 59, 999),
    label: null,
    level: null,
    reading: -1e300,
    bars: 32_767,
    inputs: -2_147_483_648,
    on: false,
    io: '{}',
  },
];

describe.each(testDatabases)('binary COPY on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await database.open());
    await db.exec(`CREATE TABLE copied (id uuid, at timestamptz, label text, level real,
      reading double precision, bars smallint, inputs integer, on_ boolean, io json)`);
  });
  afterAll(() => close());

  const readBack = () =>
    db.query<Record<string, unknown>>(
      `SELECT id, extract(epoch FROM at) * 1000 AS at_ms, label, level, reading, bars, inputs, on_, io
         FROM copied ORDER BY at DESC`,
    );

  it('stores every type as it was sent, from the pool and inside a transaction', async () => {
    await db.copyFrom('copied', NAMES, encode(ROWS.slice(0, 1)));
    await db.transaction((tx) => tx.copyFrom('copied', NAMES, encode(ROWS.slice(1))));
    const rows = await readBack();
    expect(rows).toEqual([
      {
        id: '0190a1b2-c3d4-e5f6-a7b8-c9d0e1f2a3b4',
        at_ms: Date.UTC(2026, 10, 20, 11, 0, 0, 123),
        label: 'Grue à tour 北 🚜',
        level: 61.25,
        reading: Math.PI,
        bars: -32_768,
        inputs: 2_147_483_647,
        on_: true,
        io: { 239: 1, note: 'é' },
      },
      {
        id: 'ffffffff-0000-4000-8000-000000000001',
        at_ms: Date.UTC(1999, 11, 31, 23, 59, 59, 999),
        label: null,
        level: null,
        reading: -1e300,
        bars: 32_767,
        inputs: -2_147_483_648,
        on_: false,
        io: {},
      },
    ]);
  });

  it('reads every type back as a binary stream, from the pool and inside a transaction', async () => {
    const query = `SELECT ${NAMES.join(', ')} FROM copied WHERE label IS DISTINCT FROM ${sqlLiteral("it's")} ORDER BY at DESC`;
    const read = (data: Uint8Array) => {
      const rows: CopyValue[][] = [];
      decodeBinaryCopy(
        data,
        COLUMNS.map(([, column]) => column.type),
        (values) => rows.push([...values]),
      );
      return rows;
    };
    const expected = ROWS.map((row) => COLUMNS.map(([, column]) => column.read(row)));
    // uuid as PostgreSQL prints it, json as stored.
    (expected[1] as CopyValue[])[0] = 'ffffffff-0000-4000-8000-000000000001';
    expect(read(await db.copyOut(query))).toEqual(expected);
    expect(read(await db.transaction((tx) => tx.copyOut(query)))).toEqual(expected);
    expect(read(await db.copyOut(`${query} LIMIT 0`))).toEqual([]);
  });

  it('refuses what text input refuses, before anything reaches the database', () => {
    const base = ROWS[0] as Row;
    expect(() => encode([{ ...base, level: 3.5e38 }])).toThrow(/out of range for type float4/);
    expect(() => encode([{ ...base, bars: 40_000 }])).toThrow(/int2/);
    expect(() => encode([{ ...base, inputs: 1.5 }])).toThrow(/int4/);
    expect(() => encode([{ ...base, id: 'not-a-uuid' }])).toThrow(/uuid/);
  });

  it('rolls a refused stream back whole, and the next copy works', async () => {
    const before = (await readBack()).length;
    const broken = { ...(ROWS[0] as Row), label: 'a\u0000b' };
    await expect(
      db.transaction((tx) => tx.copyFrom('copied', NAMES, encode([ROWS[1] as Row, broken]))),
    ).rejects.toThrow();
    expect(await readBack()).toHaveLength(before);
    await db.transaction((tx) => tx.copyFrom('copied', NAMES, encode([ROWS[1] as Row])));
    expect(await readBack()).toHaveLength(before + 1);
  });
});
