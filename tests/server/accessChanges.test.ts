// Two api processes on one PostgreSQL database: a session ended or an organisation renamed through
// one is forgotten by the other as soon as the database's notice arrives, not when its cache time
// runs out. The registries here have a clock that never moves, so only a notice can make them ask
// again; a third registry that does not listen shows what would be answered without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { followAccessChanges } from '../../server/modules/auth/accessChanges.ts';
import { openSession, SessionRegistry } from '../../server/security/sessions.ts';
import { OrganisationRegistry } from '../../server/tenancy/registry.ts';
import { createPostgresDatabase, testDatabases } from '../support/databases.ts';

const onPostgres = testDatabases.some((database) => database.kind === 'postgres');
const frozenClock = () => 0;
const testClient = { userAgent: 'vitest', address: '127.0.0.1' };

/** Polls `probe` until it is true; bounded, so a lost notice fails the test rather than hangs it. */
async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never saw: ${what}`);
}

describe.skipIf(!onPostgres)('access changes between processes on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let writer: Database;
  let reader: Database;
  let stopFollowing: () => Promise<void>;
  let organisationId = '';
  let userId = '';
  const registries = {} as { sessions: SessionRegistry; organisations: OrganisationRegistry };
  const deaf = {} as { sessions: SessionRegistry; organisations: OrganisationRegistry };

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // Two pools on one database, as two processes hold.
    writer = await openDatabase({ databaseUrl: created.url, dataDir: undefined });
    reader = await openDatabase({ databaseUrl: created.url, dataDir: undefined });
    const [organisation] = await writer.query<{ id: string }>(
      `INSERT INTO organisation (name, type) VALUES ('Hirewell', 'rental') RETURNING id`,
    );
    const [user] = await writer.query<{ id: string }>(
      `INSERT INTO app_user (email) VALUES ('ops@hirewell.example') RETURNING id`,
    );
    organisationId = organisation?.id ?? '';
    userId = user?.id ?? '';
    registries.sessions = new SessionRegistry(reader, frozenClock);
    registries.organisations = new OrganisationRegistry(reader, frozenClock);
    deaf.sessions = new SessionRegistry(reader, frozenClock);
    deaf.organisations = new OrganisationRegistry(reader, frozenClock);
    stopFollowing = await followAccessChanges(reader, registries);
  });

  afterAll(async () => {
    await stopFollowing?.();
    await reader?.close();
    await writer?.close();
    await drop?.();
  });

  it('refuses a session at once when another process ends it', async () => {
    const sessionId = await openSession(writer, userId, 3600, testClient);
    expect(await registries.sessions.isLive(sessionId)).toBe(true);
    expect(await deaf.sessions.isLive(sessionId)).toBe(true);

    await new SessionRegistry(writer).end(sessionId, 'signed-out');

    await until(
      'the ended session refused',
      async () => !(await registries.sessions.isLive(sessionId)),
    );
    // Without the notice the cached answer would still let the session in.
    expect(await deaf.sessions.isLive(sessionId)).toBe(true);
  });

  it('refuses the sessions of a deleted user', async () => {
    const sessionId = await openSession(writer, userId, 3600, testClient);
    expect(await registries.sessions.isLive(sessionId)).toBe(true);

    await writer.query('DELETE FROM auth_session WHERE id = $1', [sessionId]);

    await until(
      'the deleted session refused',
      async () => !(await registries.sessions.isLive(sessionId)),
    );
  });

  it('reads an organisation again when another process renames it', async () => {
    expect((await registries.organisations.get(organisationId))?.name).toBe('Hirewell');
    expect((await deaf.organisations.get(organisationId))?.name).toBe('Hirewell');

    await writer.query(`UPDATE organisation SET name = 'Hirewell Plant' WHERE id = $1`, [
      organisationId,
    ]);

    await until(
      'the new name',
      async () => (await registries.organisations.get(organisationId))?.name === 'Hirewell Plant',
    );
    expect((await deaf.organisations.get(organisationId))?.name).toBe('Hirewell');
  });

  it('forgets everything it holds when its listening connection was lost', async () => {
    expect((await registries.organisations.get(organisationId))?.timezone).toBe('Europe/London');
    const sessionId = await openSession(writer, userId, 3600, testClient);
    expect(await registries.sessions.isLive(sessionId)).toBe(true);

    // The listening connection is cut; what is written meanwhile may be announced to no one.
    await writer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await writer.query(`UPDATE organisation SET timezone = 'Europe/Dublin' WHERE id = $1`, [
      organisationId,
    ]);
    await writer.query(`UPDATE auth_session SET ended_at = now() WHERE id = $1`, [sessionId]);

    await until(
      'the new time zone',
      async () =>
        (await registries.organisations.get(organisationId))?.timezone === 'Europe/Dublin',
    );
    await until(
      'the ended session refused',
      async () => !(await registries.sessions.isLive(sessionId)),
    );
  });
});
