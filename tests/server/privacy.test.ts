// Privacy (issue 45, docs/privacy.md), on both databases. Retention: the periods' API, and a run
// that removes exactly what is older than each period — raw records, positions, audit entries,
// rollups when asked — dropping whole months on PostgreSQL when every holder's period has passed
// them, and writing what it removed to the audit trail. Export: a zip whose CSV files read back.
// Erasure: a person leaves no trace in any text column, one machine's positions over a range, a
// whole organisation; each receipt verifies, by the portal and by its published keys alone.
import { beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import { parse } from 'csv-parse/sync';
import { compactVerify, createLocalJWKSet } from 'jose';
import JSZip from 'jszip';
import type {
  PrivacyJob,
  PrivacyJobList,
  PublicKeySet,
  RetentionSettings,
} from '../../src/domain/api/privacy.ts';
import type { SqlParam } from '../../server/db/database.ts';
import { TelemetryPartitions } from '../../server/db/partitions.ts';
import { call, DEMO_ADMIN } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';
import { tracesOf } from '../support/traces.ts';

const DAY_MS = 86_400_000;
const FROM = '2024-01-01T00:00:00Z';
const TO = '2024-06-30T23:00:00Z';
const HOUR_MS = 3_600_000;
/** Every hour of the first half of 2024: the records each test machine holds. */
const HOURS = Array.from(
  { length: (Date.parse(TO) - Date.parse(FROM)) / HOUR_MS + 1 },
  (_, i) => Date.parse(FROM) + i * HOUR_MS,
);
/** Every midnight of it: the audit entries each test organisation holds. */
const DAYS = HOURS.filter((ms) => ms % DAY_MS === 0);
const path = '/v1/organisation/settings/retention';

describeServer(
  'privacy',
  {
    users: ['admin', 'viewer', 'staff'],
    env: { RETENTION_MIN_DAYS: '30', RETENTION_RECORDS_DAYS: '3650' },
  },
  (fixture) => {
    /** An organisation of the test's own, with periods, and one without (the defaults). */
    const org = { kept: '', short: '' };
    const sources = { kept: '', short: '' };
    const db = () => fixture.server.db;
    const count = async (sql: string, params: SqlParam[]) =>
      (await db().query<{ n: number }>(sql, params))[0]?.n ?? -1;
    const records = (sourceId: string, extra = '') =>
      count(`SELECT count(*)::int AS n FROM telemetry_record WHERE source_id = $1 ${extra}`, [
        sourceId,
      ]);

    beforeAll(async () => {
      for (const kind of ['kept', 'short'] as const) {
        const [row] = await db().query<{ org: string; source: string }>(
          `WITH o AS (INSERT INTO organisation (name, type) VALUES ($1, 'end-user') RETURNING id),
                m AS (INSERT INTO machine (organisation_id, name) SELECT id, 'Excavator' FROM o RETURNING id),
                s AS (INSERT INTO source (type, code, machine_id) SELECT 'TELTONIKA', $2, id FROM m RETURNING id)
           SELECT (SELECT id FROM o) AS org, (SELECT id FROM s) AS source`,
          [`Retention ${kind}`, `35004500000000${kind === 'kept' ? 1 : 2}`],
        );
        org[kind] = row?.org ?? '';
        sources[kind] = row?.source ?? '';
      }
      if (db().kind === 'postgres') await new TelemetryPartitions(db()).ensureFor(HOURS);
      await db().query(
        `INSERT INTO telemetry_record (source_id, device_time, received_time, latitude, longitude, ignition)
         SELECT s, t, t, 51.5, -0.1, true
           FROM unnest($1::uuid[]) s,
                generate_series($2::timestamptz, $3::timestamptz, interval '1 hour') t`,
        [[sources.kept, sources.short], FROM, TO],
      );
      await db().query(
        `INSERT INTO audit_event (organisation_id, at, action, actor_email)
         SELECT o, t, 'user.updated', 'someone@example.com'
           FROM unnest($1::uuid[]) o,
                generate_series($2::timestamptz, $3::timestamptz, interval '1 day') t`,
        [[org.kept, org.short], FROM, TO],
      );
      await db().query(
        `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s,
           fuel_l, fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m,
           trips, refills, refill_l, thefts, theft_l, brokendown_s)
         SELECT m.id, d::date, 3600, 0, 0, 0, 0, 0, false, 0, 2.6, 2024, 'diesel', 0, 0, 0, 0, 0, 0, 0
           FROM machine m CROSS JOIN generate_series($2::date, $3::date, interval '1 day') d
          WHERE m.organisation_id = $1`,
        [org.short, '2024-01-01', '2024-06-30'],
      );
    });

    it('shows the periods to members and lets only admins set them, none under the floor', async () => {
      const read = await call<RetentionSettings>(fixture.server, 'GET', path, {
        token: fixture.viewer,
      });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        periods: { recordsDays: null, positionsDays: null, auditDays: null, rollupsDays: null },
        minDays: 30,
        defaults: { recordsDays: 3650, positionsDays: null, auditDays: null },
      });
      const periods = { recordsDays: 400, positionsDays: 90, auditDays: null, rollupsDays: null };
      expect(
        (await call(fixture.server, 'PUT', path, { token: fixture.viewer, body: periods })).status,
      ).toBe(403);
      const short = await call<ApiError>(fixture.server, 'PUT', path, {
        token: fixture.admin,
        body: { ...periods, positionsDays: 7 },
      });
      expect(short.status).toBe(400);
      expect(short.body.field).toBe('positionsDays');
      const set = await call<RetentionSettings>(fixture.server, 'PUT', path, {
        token: fixture.admin,
        body: periods,
      });
      expect(set.status).toBe(200);
      expect(set.body.periods).toEqual(periods);
      const unchanged = await call<RetentionSettings>(fixture.server, 'GET', path, {
        token: fixture.admin,
      });
      expect(unchanged.body.periods).toEqual(periods);
    });

    it('removes exactly what is older than each period, and writes it to the audit trail', async () => {
      await db().query(
        `UPDATE organisation SET records_retention_days = 60, positions_retention_days = 30,
                audit_retention_days = 90 WHERE id = $1`,
        [org.short],
      );
      const nowMs = Date.parse('2024-07-01T00:30:00Z');
      const demoRecords = await count(
        `SELECT count(*)::int AS n FROM telemetry_record WHERE source_id <> ALL($1::uuid[])`,
        [[sources.kept, sources.short]],
      );
      const removed = await fixture.server.app.retention.apply(nowMs);

      const recordsCut = nowMs - 60 * DAY_MS;
      const positionsCut = nowMs - 30 * DAY_MS;
      const auditCut = nowMs - 90 * DAY_MS;
      const kept = HOURS.filter((ms) => ms >= recordsCut);
      expect(await records(sources.short)).toBe(kept.length);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM telemetry_record WHERE source_id = $1 AND device_time < $2`,
          [sources.short, new Date(recordsCut)],
        ),
      ).toBe(0);
      // Positions are cleared from the records kept longer than them, and only from those.
      const withoutPosition = kept.filter((ms) => ms < positionsCut).length;
      expect(await records(sources.short, 'AND latitude IS NULL')).toBe(withoutPosition);
      expect(await records(sources.short, 'AND latitude IS NOT NULL')).toBe(
        kept.length - withoutPosition,
      );
      // The other organisations keep everything: its own defaults, and the demo's.
      expect(await records(sources.kept)).toBe(HOURS.length);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM telemetry_record WHERE source_id <> ALL($1::uuid[])`,
          [[sources.kept, sources.short]],
        ),
      ).toBe(demoRecords);

      const auditKept = DAYS.filter((ms) => ms >= auditCut).length;
      expect(
        await count(
          `SELECT count(*)::int AS n FROM audit_event WHERE organisation_id = $1 AND action = 'user.updated'`,
          [org.short],
        ),
      ).toBe(auditKept);
      // Rollups hold no positions: kept, as the organisation did not ask otherwise.
      expect(
        await count(
          `SELECT count(*)::int AS n FROM machine_day_rollup r JOIN machine m ON m.id = r.machine_id
            WHERE m.organisation_id = $1`,
          [org.short],
        ),
      ).toBe(182);

      const recorded = removed.get(org.short);
      expect(recorded).toEqual({
        records: HOURS.length - kept.length,
        positions: withoutPosition,
        heatCells: 0,
        audit: DAYS.length - auditKept,
        rollups: 0,
      });
      const [entry] = await db().query<{ details: { removed: unknown } }>(
        `SELECT details FROM audit_event WHERE organisation_id = $1 AND action = 'retention.applied'`,
        [org.short],
      );
      expect(entry?.details.removed).toEqual(recorded);
      expect(removed.get(org.kept)).toEqual({
        records: 0,
        positions: 0,
        heatCells: 0,
        audit: 0,
        rollups: 0,
      });

      // A second run the same night finds nothing more to remove.
      const again = await fixture.server.app.retention.apply(nowMs);
      expect(again.get(org.short)).toEqual({
        records: 0,
        positions: 0,
        heatCells: 0,
        audit: 0,
        rollups: 0,
      });
    });

    it('removes rollups only when the organisation asks, and its figures are read again', async () => {
      await db().query(`UPDATE organisation SET rollups_retention_days = 30 WHERE id = $1`, [
        org.short,
      ]);
      const removed = await fixture.server.app.retention.apply(Date.parse('2024-07-01T00:30:00Z'));
      // Days before 1 June, in the organisation's zone (London, an hour ahead of UTC in summer).
      expect(removed.get(org.short)?.rollups).toBe(152);
      const [first] = await db().query<{ day: string }>(
        `SELECT min(day)::text AS day FROM machine_day_rollup r JOIN machine m ON m.id = r.machine_id
          WHERE m.organisation_id = $1`,
        [org.short],
      );
      expect(first?.day).toBe('2024-06-01');
    });

    it('exports the organisation as a zip of CSV files that read back', async () => {
      const positionsFrom = '2024-06-15T00:00:00Z';
      const positionsTo = '2024-06-16T00:00:00Z';
      // A day of positions on one of the admin's machines, and one the range leaves out.
      await db().query(
        `WITH m AS (SELECT m.id FROM machine m JOIN membership ms ON ms.organisation_id = m.organisation_id
                      JOIN app_user u ON u.id = ms.user_id AND u.email = $1 AND ms.is_default
                     ORDER BY m.name LIMIT 1),
              s AS (INSERT INTO source (type, code, machine_id) SELECT 'TELTONIKA', '350045000000003', id FROM m
                    RETURNING id)
         INSERT INTO telemetry_record (source_id, device_time, received_time, latitude, longitude)
         SELECT s.id, t, t, 51.5, -0.12 FROM s,
                generate_series($2::timestamptz, $3::timestamptz, interval '1 hour') t`,
        [DEMO_ADMIN, positionsFrom, positionsTo],
      );
      const bad = await call<ApiError>(fixture.server, 'POST', '/v1/organisation/exports', {
        token: fixture.admin,
        body: { positionsFrom: positionsTo, positionsTo: positionsFrom },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('positionsTo');
      expect(
        (
          await call(fixture.server, 'POST', '/v1/organisation/exports', {
            token: fixture.viewer,
            body: { positionsFrom, positionsTo },
          })
        ).status,
      ).toBe(403);
      const asked = await call<PrivacyJob>(fixture.server, 'POST', '/v1/organisation/exports', {
        token: fixture.admin,
        body: { positionsFrom, positionsTo },
      });
      expect(asked.status).toBe(202);
      await fixture.server.app.privacyJobs.idle();
      const job = await call<PrivacyJob>(
        fixture.server,
        'GET',
        `/v1/organisation/exports/${asked.body.id}`,
        { token: fixture.admin },
      );
      expect(job.body).toMatchObject({ state: 'done', progress: 1 });
      const url = job.body.downloadUrl ?? '';
      expect(url).toContain('token=');
      expect((await fetch(`${fixture.server.url}${url}x`)).status).toBe(401);
      const download = await fetch(`${fixture.server.url}${url}`);
      expect(download.headers.get('content-type')).toBe('application/zip');
      const zip = await JSZip.loadAsync(await download.arrayBuffer());
      const csv = async (name: string) =>
        parse(await (zip.file(name)?.async('string') ?? ''), { columns: true }) as Record<
          string,
          string
        >[];

      const [{ org: adminOrg = '' } = {}] = await db().query<{ org: string }>(
        `SELECT m.organisation_id AS org FROM membership m JOIN app_user u ON u.id = m.user_id
          WHERE u.email = $1 AND m.is_default`,
        [DEMO_ADMIN],
      );
      const machines = await csv('machines.csv');
      expect(machines.length).toBe(
        await count('SELECT count(*)::int AS n FROM machine WHERE organisation_id = $1', [
          adminOrg,
        ]),
      );
      expect(machines[0]).toHaveProperty('asset_id');
      const positions = await csv('positions.csv');
      expect(positions.length).toBe(
        await count(
          `SELECT count(*)::int AS n FROM telemetry_record t JOIN source s ON s.id = t.source_id
            JOIN machine m ON m.id = s.machine_id
           WHERE m.organisation_id = $1 AND t.latitude IS NOT NULL
             AND t.device_time >= $2 AND t.device_time < $3`,
          [adminOrg, positionsFrom, positionsTo],
        ),
      );
      expect(positions.length).toBe(24);
      expect(Number(positions[0]?.latitude)).not.toBeNaN();
      expect((await csv('users.csv')).map((user) => user.email)).toContain(DEMO_ADMIN);
      expect((await csv('audit.csv')).length).toBeGreaterThan(0);
      const manifest = JSON.parse((await zip.file('export.json')?.async('string')) ?? '{}') as {
        files: Record<string, number>;
      };
      expect(manifest.files['positions.csv']).toBe(positions.length);
      expect(Object.keys(manifest.files).sort()).toEqual([
        'audit.csv',
        'daily-figures.csv',
        'hires.csv',
        'machines.csv',
        'positions.csv',
        'users.csv',
      ]);
    });

    it('erases a person: no trace of their e-mail or name in any table, and a receipt that verifies', async () => {
      const email = 'zeb.quaxley@example.org';
      const name = 'Zebedee Quaxley';
      const [{ org: adminOrg = '' } = {}] = await db().query<{ org: string }>(
        `SELECT m.organisation_id AS org FROM membership m JOIN app_user u ON u.id = m.user_id
          WHERE u.email = $1 AND m.is_default`,
        [DEMO_ADMIN],
      );
      const [{ id: userId = '' } = {}] = await db().query<{ id: string }>(
        `INSERT INTO app_user (email, first_name, last_name) VALUES ($1, 'Zebedee', 'Quaxley') RETURNING id`,
        [email],
      );
      await db().query(
        `INSERT INTO membership (user_id, organisation_id, role, state) VALUES ($1, $2, 'viewer', 'active')`,
        [userId, adminOrg],
      );
      // Their traces across the portal: what they did, what was done to them, mail, mentions.
      await db().query(
        `INSERT INTO audit_event (organisation_id, actor_user_id, actor_email, action, address)
         VALUES ($1, $2, $3, 'user.updated', '192.0.2.7')`,
        [adminOrg, userId, email],
      );
      await db().query(
        `INSERT INTO audit_event (organisation_id, action, subject_user_id, details)
         VALUES ($1, 'user.invited', $2, jsonb_build_object('email', $3::text, 'name', $4::text))`,
        [adminOrg, userId, email, name],
      );
      await db().query(
        `INSERT INTO mail_outbox (to_address, subject, body) VALUES ($1, 'Welcome', 'Hello ' || $2)`,
        [email.toUpperCase(), name],
      );
      await db().query(
        `INSERT INTO report_schedule (organisation_id, name, report_type, format, frequency, date_range,
           weekdays, hour, extra_minutes, timezone, recipient_emails)
         VALUES ($1, 'Weekly for ' || $3, 'utilisation', 'csv', 'weekly', 'last-week', '{1}', 7, 0,
                 'Europe/London', ARRAY[$2, 'other@example.org'])`,
        [adminOrg, email, name],
      );
      await db().query(
        `INSERT INTO document (organisation_id, document_type, name, content_type, size_bytes, file_key)
         VALUES ($1, 'other', $2 || ' licence.pdf', 'application/pdf', 1, 'documents/none')`,
        [adminOrg, name],
      );

      const erase = (token: string, body: unknown) =>
        call<PrivacyJob & ApiError>(fixture.server, 'POST', '/v1/organisation/erasures', {
          token,
          body,
        });
      expect((await erase(fixture.viewer, { kind: 'user', userId })).status).toBe(403);
      expect(
        (
          await erase(fixture.admin, {
            kind: 'user',
            userId: '00000000-0000-4000-8000-000000000000',
          })
        ).status,
      ).toBe(404);
      const asked = await erase(fixture.admin, { kind: 'user', userId });
      expect(asked.status).toBe(202);
      await fixture.server.app.privacyJobs.idle();

      const hits = await tracesOf(db(), [email, name]);
      expect(hits).toEqual([]);
      const [kept] = await db().query<{ actor_email: string; address: string | null }>(
        `SELECT actor_email, address FROM audit_event WHERE action = 'user.updated' AND actor_email LIKE 'erased-%'`,
      );
      expect(kept?.actor_email).toMatch(/^erased-[0-9a-f]{12}$/);
      expect(kept?.address).toBeNull();
      const [schedule] = await db().query<{ recipient_emails: string[] }>(
        `SELECT recipient_emails FROM report_schedule WHERE organisation_id = $1 AND name LIKE 'Weekly for %'`,
        [adminOrg],
      );
      expect(schedule?.recipient_emails).toEqual(['other@example.org']);

      const list = await call<PrivacyJobList>(fixture.server, 'GET', '/v1/organisation/erasures', {
        token: fixture.admin,
      });
      const done = list.body.jobs.find((job) => job.id === asked.body.id);
      expect(done?.state).toBe('done');
      const receipt = done?.receipt;
      expect(receipt?.receipt).toMatchObject({
        kind: 'erase-user',
        subject: { userId, pseudonym: kept?.actor_email },
      });
      expect(receipt?.receipt.removed.app_user).toBe(1);
      const verify = (body: unknown) =>
        call<{ valid: boolean }>(fixture.server, 'POST', '/v1/privacy/receipts/verify', { body });
      expect((await verify(receipt)).body.valid).toBe(true);
      expect(
        (await verify({ ...receipt, receipt: { ...receipt?.receipt, removed: { app_user: 0 } } }))
          .body.valid,
      ).toBe(false);
      // Anyone can check it with the published keys alone.
      const keys = await call<PublicKeySet>(fixture.server, 'GET', '/v1/privacy/keys');
      const signed = await compactVerify(receipt?.signature ?? '', createLocalJWKSet(keys.body));
      expect(JSON.parse(new TextDecoder().decode(signed.payload))).toEqual(receipt?.receipt);
      // The admin who asked is mailed the receipt.
      expect(
        await count(
          `SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1 AND body LIKE '%' || $2 || '%'`,
          [DEMO_ADMIN, receipt?.signature ?? ''],
        ),
      ).toBe(1);
    });

    it("erases one machine's positions over a range and nothing else", async () => {
      await db().query(`UPDATE organisation SET positions_removed_before = NULL`);
      const from = '2024-06-10T00:00:00Z';
      const to = '2024-06-12T00:00:00Z';
      const [{ machine = '' } = {}] = await db().query<{ machine: string }>(
        'SELECT machine_id AS machine FROM source WHERE id = $1',
        [sources.kept],
      );
      // The machine is another organisation's: its admins erase it, not the demo's.
      expect(
        (
          await call(fixture.server, 'POST', '/v1/organisation/erasures', {
            token: fixture.admin,
            body: { kind: 'positions', machineId: machine, from, to },
          })
        ).status,
      ).toBe(404);
      const job = await fixture.server.db.query<{ id: string }>(
        `INSERT INTO privacy_job (organisation_id, kind, request)
         VALUES ($1, 'erase-positions', jsonb_build_object('machineId', $2::text, 'from', $3::text, 'to', $4::text))
         RETURNING id`,
        [org.kept, machine, from, to],
      );
      fixture.server.app.privacyJobs.wake();
      await fixture.server.app.privacyJobs.idle();
      expect(await records(sources.kept, `AND latitude IS NULL`)).toBe(48);
      expect(
        await records(
          sources.kept,
          `AND latitude IS NULL AND (device_time < '${from}' OR device_time >= '${to}')`,
        ),
      ).toBe(0);
      const [done] = await db().query<{
        receipt: { receipt: { removed: Record<string, number> } };
      }>('SELECT receipt FROM privacy_job WHERE id = $1', [job[0]?.id ?? '']);
      expect(done?.receipt.receipt.removed['telemetry_record.positions']).toBe(48);
    });

    it('erases a whole organisation for staff only', async () => {
      const [{ id: person = '' } = {}] = await db().query<{ id: string }>(
        `INSERT INTO app_user (email, first_name, last_name) VALUES ('only.here@example.org', 'Olly', 'Onlyhere') RETURNING id`,
      );
      await db().query(
        `INSERT INTO membership (user_id, organisation_id, role, state) VALUES ($1, $2, 'admin', 'active')`,
        [person, org.short],
      );
      const path = `/v1/admin/organisations/${org.short}/erasure`;
      expect((await call(fixture.server, 'POST', path, { token: fixture.admin })).status).toBe(403);
      const asked = await call<PrivacyJob>(fixture.server, 'POST', path, { token: fixture.staff });
      expect(asked.status).toBe(202);
      await fixture.server.app.privacyJobs.idle();
      expect(
        await count('SELECT count(*)::int AS n FROM organisation WHERE id = $1', [org.short]),
      ).toBe(0);
      expect(await records(sources.short)).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM app_user WHERE id = $1', [person])).toBe(
        0,
      );
      expect(await tracesOf(db(), ['only.here@example.org', 'Olly Onlyhere'])).toEqual([]);
      const list = await call<PrivacyJobList>(fixture.server, 'GET', '/v1/admin/erasures', {
        token: fixture.staff,
      });
      const receipt = list.body.jobs.find((job) => job.id === asked.body.id)?.receipt;
      expect(receipt?.receipt.removed.organisation).toBe(1);
      expect(receipt?.receipt.removed.app_user).toBe(1);
    });

    it.skipIf(fixture.database.kind !== 'postgres')(
      'drops whole months on PostgreSQL once every period has passed them',
      async () => {
        // Ten years (the default) after 3 March 2024: January and February go whole, the first two
        // days of March row by row.
        const nowMs = Date.parse('2024-03-03T00:00:00Z') + 3650 * DAY_MS;
        await fixture.server.app.retention.apply(nowMs);
        const months = (
          await db().query<{ name: string }>(
            `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'telemetry_record'::regclass AND c.relname LIKE 'telemetry_record_2024%'`,
          )
        ).map((row) => row.name);
        expect(months).not.toContain('telemetry_record_2024_01');
        expect(months).not.toContain('telemetry_record_2024_02');
        expect(months).toContain('telemetry_record_2024_03');
        expect(await records(sources.kept)).toBe(
          HOURS.filter((ms) => ms >= Date.parse('2024-03-03T00:00:00Z')).length,
        );
        const [entry] = await db().query<{ details: { partitionsDropped: { table: string }[] } }>(
          `SELECT details FROM audit_event WHERE organisation_id IS NULL AND action = 'retention.applied'`,
        );
        expect(entry?.details.partitionsDropped.map((month) => month.table)).toEqual([
          'telemetry_record_2024_01',
          'telemetry_record_2024_02',
        ]);
      },
    );
  },
);
