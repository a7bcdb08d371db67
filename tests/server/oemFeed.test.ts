// An OEM feed end to end: staff configure it over the API, the poller reads a local ISO 15143-3
// server (OAuth2, several pages, XML) hour by hour across a daylight-saving change, equipment is
// matched to machines, and the daily hours found are compared with what the simulated fleet did.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OemFeed } from '../../src/domain/api/oemFeeds.ts';
import type { FeedEquipment } from '../../server/telemetry/simulator/aempDocument.ts';
import {
  startAempFeedServer,
  type AempFeedServer,
} from '../../server/telemetry/simulator/aempFeedServer.ts';
import { simulatedFleet } from '../../server/telemetry/simulator/fleet.ts';
import { oemReading } from '../../server/telemetry/simulator/oemUnit.ts';
import {
  planMachine,
  type MachinePlan,
  type SimMachine,
} from '../../server/telemetry/simulator/plan.ts';
import { truthFor } from '../../server/telemetry/simulator/truth.ts';
import { startOfZonedDay } from '../../src/domain/zonedTime.ts';
import { testDatabases } from '../support/databases.ts';
import { daysOfMachine } from '../support/rollups.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const TIME_ZONE = 'Europe/London';
// Friday to Sunday 29 March 2026, when the clocks go forward: a 23-hour day.
const DAYS = ['2026-03-27', '2026-03-28', '2026-03-29'];
const SEED = 7;
const CLIENT = { clientId: 'portal-client', clientSecret: 'portal-client-secret-1' };

interface OemMachine {
  sim: SimMachine;
  plan: MachinePlan;
  header: Omit<FeedEquipment, 'reading'>;
}

describe.each(testDatabases)('OEM feed polling on $kind', (database) => {
  let server: TestServer;
  let feedServer: AempFeedServer;
  let staff: string;
  let organisationId: string;
  let clockMs = startOfZonedDay(DAYS[0] as string, TIME_ZONE).getTime();
  const machines: OemMachine[] = simulatedFleet(3, SEED).map((sim, i) => ({
    sim,
    plan: planMachine(sim, DAYS, TIME_ZONE, SEED),
    header: {
      oemName: 'Komatsu',
      // The third reports no model: it is matched on OEM and serial number alone.
      model: i === 2 ? null : 'PC210',
      serialNumber: `KMT-${i + 1}`,
      // Only the first carries a PIN; the others are matched on OEM, model and serial number.
      pin: i === 0 ? `KMTPC210V0${i + 1}` : null,
      equipmentId: `EQ${i + 1}`,
    },
  }));
  // Equipment the organisation has no machine for yet: kept as an unassigned source.
  const stranger: FeedEquipment = {
    oemName: 'Komatsu',
    model: 'PC88',
    serialNumber: 'KMT-99',
    pin: 'KMTPC88X099',
    equipmentId: 'EQ99',
    reading: null,
  };

  beforeAll(async () => {
    // The test's OEM portal runs on this machine: an on-premises feed, as the setting allows.
    server = await startTestServer(database, { env: { OEM_FEED_ALLOW_PRIVATE: 'true' } });
    staff = (await signIn(server, 'staff@demo.example')).token;
    const [org] = await server.db.query<{ id: string }>(
      `INSERT INTO organisation (name, type, timezone) VALUES ('Komatsu Hire', 'rental', $1) RETURNING id`,
      [TIME_ZONE],
    );
    organisationId = org?.id ?? '';
    for (const [i, machine] of machines.entries()) {
      await server.db.query(
        `INSERT INTO machine (organisation_id, name, category, oem, model, serial_number, pin)
         VALUES ($1, $2, 'Excavator', 'KOMATSU', 'pc210', $3, $4)`,
        [organisationId, `Excavator ${i + 1}`, machine.header.serialNumber, `KMTPC210V0${i + 1}`],
      );
    }
    feedServer = await startAempFeedServer({
      format: 'xml',
      pageSize: 2,
      auth: { kind: 'oauth2', ...CLIENT },
      now: () => clockMs,
      snapshot: () => [
        ...machines.map((m, i) => ({
          ...m.header,
          reading: oemReading(
            m.sim.kind,
            m.plan,
            m.sim.site,
            {
              operatingHoursH: 1500 + i * 100,
              idleHoursH: 300,
              fuelUsedL: 9000,
            },
            clockMs,
          ),
        })),
        stranger,
      ],
    });
  });
  afterAll(async () => {
    await feedServer?.close();
    await server?.close();
  });

  const feedBody = () => ({
    organisationId,
    name: 'Komatsu Komtrax',
    sourceType: 'KOMATSU',
    baseUrl: feedServer.fleetUrl,
    format: 'xml',
    auth: 'oauth2',
    username: CLIENT.clientId,
    secret: CLIENT.clientSecret,
    tokenUrl: feedServer.tokenUrl,
    intervalS: 3600,
  });

  it('lets only staff configure feeds, and names each missing or wrong field', async () => {
    const viewer = (await signIn(server, 'viewer@demo.example')).token;
    const refused = await call(server, 'POST', '/v1/admin/oem-feeds', {
      token: viewer,
      body: feedBody(),
    });
    expect(refused.status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ tokenUrl: null }, 'tokenUrl'],
      [{ sourceType: 'TELTONIKA' }, 'sourceType'],
      [{ username: null }, 'username'],
      [{ intervalS: 5 }, 'intervalS'],
      [{ baseUrl: 'ftp://oem.example/Fleet/1' }, 'baseUrl'],
      [{ organisationId: '00000000-0000-4000-8000-000000000000' }, 'organisationId'],
    ];
    for (const [change, field] of cases) {
      const reply = await call<{ field?: string; message: string }>(
        server,
        'POST',
        '/v1/admin/oem-feeds',
        { token: staff, body: { ...feedBody(), ...change } },
      );
      expect(reply.status, field).toBe(400);
      expect(JSON.stringify(reply.body), field).toContain(field);
    }
  });

  it('keeps a feed error on the feed, and stores nothing from a failed poll', async () => {
    const created = await call<OemFeed>(server, 'POST', '/v1/admin/oem-feeds', {
      token: staff,
      body: { ...feedBody(), secret: 'not-the-secret' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hasSecret: true, lastError: null });
    expect(JSON.stringify(created.body)).not.toContain('not-the-secret');
    const poll = await call<{ error: string | null; stored: number }>(
      server,
      'POST',
      `/v1/admin/oem-feeds/${created.body.id}/poll`,
      { token: staff },
    );
    expect(poll.body.error).toMatch(/token endpoint answered 401/);
    expect(poll.body.stored).toBe(0);
    const list = await call<{ feeds: OemFeed[] }>(server, 'GET', '/v1/admin/oem-feeds', {
      token: staff,
    });
    expect(list.body.feeds.find((f) => f.id === created.body.id)?.lastError).toMatch(/401/);
    const deleted = await call(server, 'DELETE', `/v1/admin/oem-feeds/${created.body.id}`, {
      token: staff,
    });
    expect(deleted.status).toBe(204);
  });

  it('matches equipment to machines and finds the hours and fuel each day really had', async () => {
    const created = await call<OemFeed>(server, 'POST', '/v1/admin/oem-feeds', {
      token: staff,
      body: feedBody(),
    });
    const poll = () =>
      call<{
        pages: number;
        equipment: number;
        matched: number;
        unassigned: number;
        error: string | null;
      }>(server, 'POST', `/v1/admin/oem-feeds/${created.body.id}/poll`, { token: staff });
    const first = await poll();
    expect(first.body).toMatchObject({
      pages: 2,
      equipment: 4,
      matched: 3,
      unassigned: 1,
      error: null,
    });

    const endMs = startOfZonedDay('2026-03-30', TIME_ZONE).getTime();
    while (clockMs < endMs) {
      clockMs += 3_600_000;
      if (clockMs === endMs - 6 * 3_600_000) feedServer.revokeTokens();
      expect((await poll()).body.error).toBeNull();
    }
    // One token, reused while valid, and one more after the portal revoked it.
    expect(feedServer.stats.tokens).toBe(2);
    await server.rollups.drain();

    const sources = await server.db.query<{ code: string; machine: string | null }>(
      `SELECT s.code, m.name AS machine FROM source s LEFT JOIN machine m ON m.id = s.machine_id
        WHERE s.type = 'KOMATSU' ORDER BY s.code`,
    );
    expect(sources).toEqual([
      { code: 'KMT-2', machine: 'Excavator 2' },
      { code: 'KMT-3', machine: 'Excavator 3' },
      { code: 'KMTPC210V01', machine: 'Excavator 1' },
      { code: 'KMTPC88X099', machine: null },
    ]);
    // Staff see the same: the feed's equipment, the unmatched one first.
    const equipment = await call<{ equipment: { code: string; machineName: string | null }[] }>(
      server,
      'GET',
      `/v1/admin/oem-feeds/${created.body.id}/equipment`,
      { token: staff },
    );
    expect(equipment.body.equipment.map((item) => [item.code, item.machineName])).toEqual([
      ['KMTPC88X099', null],
      ['KMT-2', 'Excavator 2'],
      ['KMT-3', 'Excavator 3'],
      ['KMTPC210V01', 'Excavator 1'],
    ]);

    for (const [i, machine] of machines.entries()) {
      const rows = await daysOfMachine(server.db, `Excavator ${i + 1}`);
      const truth = truthFor(machine.sim, machine.plan, TIME_ZONE);
      expect(rows.map((r) => r.day)).toEqual(DAYS);
      for (const row of rows) {
        const expected = truth.find((t) => t.day === row.day);
        const where = `Excavator ${i + 1} on ${row.day}`;
        const near = (found: number, wanted: number) =>
          expect(Math.abs(found - wanted), where).toBeLessThanOrEqual(Math.max(wanted * 0.01, 60));
        near(row.active_s, expected?.activeS ?? 0);
        near(row.idle_s, expected?.idleS ?? 0);
        near(row.off_s, expected?.offS ?? 0);
        expect(row.missing_s, where).toBe(0);
        expect(Math.abs(row.fuel_l - (expected?.fuelL ?? 0)), where).toBeLessThanOrEqual(
          Math.max((expected?.fuelL ?? 0) * 0.02, 0.1),
        );
      }
      // The 23-hour day adds up to 23 hours.
      const shortDay = rows.find((r) => r.day === '2026-03-29');
      expect(
        (shortDay?.active_s ?? 0) + (shortDay?.idle_s ?? 0) + (shortDay?.off_s ?? 0),
      ).toBeCloseTo(23 * 3600, 3);
    }

    // The feed's CumulativeOperatingHours become each machine's OEM meter readings, which lead.
    await server.app.meters.run(endMs);
    for (const [i] of machines.entries()) {
      const readings = await server.db.query<{
        source: string;
        kind: string;
        value_h: number;
        recorded_h: number;
        hour_meter_source: string;
      }>(
        `SELECT r.source, r.kind, r.value_h, m.hour_meter_source,
                (SELECT t.hour_meter_h FROM telemetry_record t JOIN source s ON s.id = t.source_id
                  WHERE s.machine_id = m.id AND t.device_time = r.read_at LIMIT 1) AS recorded_h
           FROM meter_reading r JOIN machine m ON m.id = r.machine_id
          WHERE m.name = $1 ORDER BY r.read_at`,
        [`Excavator ${i + 1}`],
      );
      expect(readings.length, `Excavator ${i + 1}`).toBeGreaterThanOrEqual(8);
      for (const reading of readings) {
        expect(reading).toMatchObject({ source: 'oem', kind: 'reading', hour_meter_source: 'oem' });
        expect(reading.value_h).toBe(reading.recorded_h);
        expect(reading.value_h).toBeGreaterThanOrEqual(1500 + i * 100);
      }
    }
  });
});
