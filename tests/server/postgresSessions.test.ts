// The settings every pooled PostgreSQL connection starts with (server/db/postgres.ts): JIT off,
// since compiling the engine's batch statements cost more than running them, and an operator's
// own options in DATABASE_URL win.
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres.ts';
import { testDatabases } from '../support/databases.ts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = testDatabases.some((database) => database.kind === 'postgres');

async function jitOf(connectionString: string): Promise<string | undefined> {
  const db = await openPostgres(connectionString);
  try {
    const [inTransaction] = await db.transaction((tx) =>
      tx.query<{ jit: string }>('SELECT current_setting($1) AS jit', ['jit']),
    );
    const [pooled] = await db.query<{ jit: string }>('SHOW jit');
    expect(pooled?.jit).toBe(inTransaction?.jit);
    return pooled?.jit;
  } finally {
    await db.close();
  }
}

describe.skipIf(!onPostgres || !url)('PostgreSQL connections', () => {
  it('start with JIT off', async () => {
    expect(await jitOf(url as string)).toBe('off');
  });

  it("take the operator's options from DATABASE_URL instead", async () => {
    const withOptions = new URL(url as string);
    withOptions.searchParams.set('options', '-c jit=on');
    expect(await jitOf(withOptions.toString())).toBe('on');
  });
});
