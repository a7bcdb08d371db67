// Retention per organisation (issue 45, docs/privacy.md): the periods' API, and a run that removes
// exactly what is older than each period — raw records, positions, audit entries, rollups when
// asked — on both databases, dropping whole months on PostgreSQL when every holder's period has
// passed them, and writing what it removed to the audit trail.
import { beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type { RetentionSettings } from '../../src/domain/api/privacy.ts';
import type { SqlParam } from '../../server/db/database.ts';
import { TelemetryPartitions } from '../../server/db/partitions.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

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
  'retention',
  {
    users: ['admin', 'viewer'],
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
