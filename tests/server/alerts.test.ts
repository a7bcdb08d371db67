// Alerts end to end on the server: a machine's records through the ingest and the engine raise each
// kind of alert once (not for history older than a day, not again when the days are computed again),
// a silent device is found by the worker, subscribers get one mail for all that waited, and the list
// shows the organisation's alerts to its members only.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { AlertRecord } from '../../src/domain/api/alerts.ts';
import type { UserSettingsReply } from '../../src/domain/api/session.ts';
import { zonedDate } from '../../src/domain/zonedTime.ts';
import { emptyRecord, type TelemetryRecord } from '../../server/telemetry/record.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Park Royal depot's centre: its geofence is a 250 m circle around it. */
const DEPOT = { latitude: 51.529, longitude: -0.276 };

describeServer('alerts', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  let machineId: string;
  let code: string;
  let organisationId: string;
  /** Three hours ago, on a whole minute: the recent block of records starts here. */
  const recentMs = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - 3 * HOUR_MS;

  /**
   * Arriving at the depot from the north, 20 minutes working there, 40 idle, 10 off while 30 l leave
   * the tank and the machine is lifted 415 m east and back, then 20 working again, driving away
   * north, out of the depot's fence for good. The tracker's supply is cut while
   * the engine is off (an isolator), and its backup cell falls below its low level at minute 80.
   */
  const block = (startMs: number): TelemetryRecord[] =>
    Array.from({ length: 91 }, (_, minute) => {
      const working = minute < 20 || minute >= 70;
      const off = minute >= 60 && minute < 70;
      const away = minute >= 70 ? (minute - 69) * 0.001 : minute < 2 ? 0.005 : 0;
      const lifted = minute >= 66 && minute < 70 ? 0.006 : 0;
      return {
        ...emptyRecord('TELTONIKA', code, startMs + minute * MINUTE_MS, Date.now()),
        ignition: !off,
        engineRpm: off ? 0 : working ? 1600 : 800,
        latitude: DEPOT.latitude + away,
        longitude: DEPOT.longitude + lifted,
        satellites: 9,
        fuelLevelL: minute < 65 ? 200 : 170,
        externalVoltageV: off ? 0.2 : 13.8,
        batteryV: minute < 80 ? 4.0 : 3.6,
      };
    });

  const alerts = async (query = '', token = fixture.admin) =>
    call<AlertRecord[] & { field?: string }>(fixture.server, 'GET', `/v1/portal/alerts${query}`, {
      token,
    });
  const outbox = (to: string) =>
    fixture.server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM mail_outbox WHERE to_address = $1 AND email_type = 'alerts'
        ORDER BY created_at`,
      [to],
    );

  beforeAll(async () => {
    const [tracker] = await fixture.server.db.query<{
      code: string;
      machine_id: string;
      organisation_id: string;
    }>(
      `SELECT s.code, s.machine_id, m.organisation_id FROM source s JOIN machine m ON m.id = s.machine_id
        WHERE m.asset_id = 'NPH-1101'`,
    );
    machineId = tracker?.machine_id ?? '';
    code = tracker?.code ?? '';
    organisationId = tracker?.organisation_id ?? '';
    // The machine stays home at Park Royal, off hire, and the organisation's shift has no working
    // hours: all its work is out of hours, whatever the day the test runs on. The demo's other
    // hires go too: whether one is idle on hire by now follows the weekday the test runs on.
    await fixture.server.db.query('DELETE FROM hire WHERE rental_organisation_id = $1', [
      organisationId,
    ]);
    await fixture.server.db.query(
      `UPDATE machine SET site_id = (SELECT id FROM site WHERE code = 'NPH-PR') WHERE id = $1`,
      [machineId],
    );
    await fixture.server.db.query(`UPDATE site SET shift_id = NULL WHERE code = 'NPH-PR'`);
    await fixture.server.db.query('DELETE FROM shift WHERE organisation_id = $1 AND is_default', [
      organisationId,
    ]);
    await fixture.server.db.query(
      `INSERT INTO shift (organisation_id, name, is_default, days) VALUES ($1, 'No hours', true, '[]')`,
      [organisationId],
    );
  });

  it('raises nothing for history older than a day', async () => {
    expect(machineId).not.toBe('');
    await fixture.server.ingest(block(recentMs - 48 * HOUR_MS));
    await fixture.server.rollups.drain();
    expect((await alerts()).body).toEqual([]);
  });

  it('raises each kind of alert once from the engine, and never again for the same days', async () => {
    await fixture.server.ingest(block(recentMs));
    await fixture.server.rollups.drain();
    const raised = (await alerts()).body;
    const ofType = (type: string) => raised.filter((a) => a.type === type);
    expect(raised.map((a) => a.type).sort()).toEqual([
      'enteredSite',
      'fuelTheft',
      'idle',
      'leftSite',
      'lowBattery',
      'movedEngineOff',
      'outOfHours',
      'powerCut',
    ]);
    // Both working runs are outside a shift without hours; 50 minutes apart, they are one bout.
    expect(ofType('outOfHours').map((a) => [a.startedAt, a.unread])).toEqual([
      [new Date(recentMs).toISOString(), true],
    ]);
    expect(ofType('idle')[0]).toMatchObject({
      startedAt: new Date(recentMs + 20 * MINUTE_MS).toISOString(),
      at: new Date(recentMs + 50 * MINUTE_MS).toISOString(),
      minutes: 40,
    });
    expect(ofType('fuelTheft')[0]).toMatchObject({
      startedAt: new Date(recentMs + 65 * MINUTE_MS).toISOString(),
      litres: 30,
    });
    // 0.003° north of the centre is 334 m, past the 250 m fence: the first fix out is at minute 72.
    expect(ofType('leftSite')[0]).toMatchObject({
      startedAt: new Date(recentMs + 72 * MINUTE_MS).toISOString(),
      siteName: 'Northbank Depot Park Royal',
    });
    expect(ofType('enteredSite')[0]).toMatchObject({
      startedAt: new Date(recentMs + 2 * MINUTE_MS).toISOString(),
      siteName: 'Northbank Depot Park Royal',
    });
    expect(ofType('movedEngineOff')[0]).toMatchObject({
      startedAt: new Date(recentMs + 65 * MINUTE_MS).toISOString(),
      at: new Date(recentMs + 66 * MINUTE_MS).toISOString(),
    });
    expect(ofType('powerCut')[0]).toMatchObject({
      startedAt: new Date(recentMs + 60 * MINUTE_MS).toISOString(),
      sourceCode: code,
      machineName: expect.any(String),
      minutes: 10,
    });
    expect(ofType('lowBattery')[0]).toMatchObject({
      startedAt: new Date(recentMs + 80 * MINUTE_MS).toISOString(),
      sourceCode: code,
    });

    // The tracker sends the block again, and the days are computed again: nothing new.
    await fixture.server.ingest(block(recentMs));
    const today = zonedDate(new Date(), 'Europe/London');
    fixture.server.rollups.schedule(
      machineId,
      zonedDate(new Date(recentMs - 72 * HOUR_MS), 'Europe/London'),
      today,
    );
    await fixture.server.rollups.drain();
    expect((await alerts()).body).toHaveLength(8);
  });

  it('raises a breakdown when the machine is marked broken down', async () => {
    const reply = await call(fixture.server, 'PUT', `/v1/portal/machines/${machineId}/breakdown`, {
      token: fixture.admin,
      body: {
        breakdown: true,
        at: new Date(Date.now() - HOUR_MS).toISOString(),
        note: 'Hydraulic leak',
      },
    });
    expect(reply.status).toBe(200);
    await fixture.server.rollups.drain();
    const [breakdown] = (await alerts('?filter={"type":"breakdown"}')).body;
    expect(breakdown).toMatchObject({ type: 'breakdown', machineId, note: 'Hydraulic leak' });
  });

  it('finds a device silent past its threshold, once', async () => {
    // Three intervals of its longer one (an hour off) without a record: silent for 5 hours.
    const [silent] = await fixture.server.db.query<{ id: string; code: string }>(
      `UPDATE source SET last_seen_at = now() - interval '5 hours'
        WHERE id = (SELECT s.id FROM source s JOIN machine m ON m.id = s.machine_id
                     WHERE m.organisation_id = $1 AND m.id <> $2 AND s.type = 'TELTONIKA'
                     ORDER BY s.code LIMIT 1)
        RETURNING id, code`,
      [organisationId, machineId],
    );
    await fixture.server.app.alerts.run(Date.now());
    await fixture.server.app.alerts.run(Date.now());
    const found = (await alerts('?filter={"type":"deviceSilent"}')).body;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ sourceCode: silent?.code, machineName: expect.any(String) });
  });

  it('mails each subscriber once, all that waited in one mail, by their types', async () => {
    // The demo's admin gets every type; the viewer chooses idle alerts only.
    const chosen = await call<UserSettingsReply>(fixture.server, 'PATCH', '/v1/users/settings', {
      token: fixture.viewer,
      body: { alerts: ['idle'] },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.alerts).toEqual(['idle']);
    const refused = await call<{ field?: string }>(fixture.server, 'PATCH', '/v1/users/settings', {
      token: fixture.viewer,
      body: { alerts: ['sunshine'] },
    });
    expect(refused.status).toBe(400);

    // Nothing goes before the oldest alert has waited the batch time (300 s).
    await fixture.server.app.alerts.run(Date.now());
    expect(await outbox('admin@demo.example')).toHaveLength(0);
    await fixture.server.app.alerts.run(Date.now() + 301_000);
    const [mail, ...more] = await outbox('admin@demo.example');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('10 alerts for Northbank Plant Hire');
    for (const words of [
      'out-of-hours use started',
      'idle for 40 min',
      '30 l of fuel lost',
      'broken down',
      'silent since',
      'left Northbank Depot Park Royal',
      `Device ${code} (`,
      'external power cut at',
      'battery low since',
      'arrived at Northbank Depot Park Royal',
      'moved with the engine off',
    ])
      expect(mail?.body).toContain(words);
    expect(mail?.body).toContain('/unsubscribe?');
    // The viewer subscribed after the idle alert was raised: nothing of before is mailed.
    expect(await outbox('viewer@demo.example')).toHaveLength(0);

    await fixture.server.app.alerts.run(Date.now() + 700_000);
    expect(await outbox('admin@demo.example')).toHaveLength(1);
  });

  it('lists the organisation’s alerts to its members, with what is unread', async () => {
    expect(
      (await call(fixture.server, 'GET', '/v1/portal/alerts/unread', { token: fixture.admin }))
        .body,
    ).toEqual({
      unread: 10,
    });
    const page = await alerts('?range=[0,1]&sort=["at","DESC"]', fixture.viewer);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('content-range')).toBe('alerts 0-1/10');
    expect(
      (await call(fixture.server, 'POST', '/v1/portal/alerts/seen', { token: fixture.admin }))
        .status,
    ).toBe(200);
    expect(
      (await call(fixture.server, 'GET', '/v1/portal/alerts/unread', { token: fixture.admin }))
        .body,
    ).toEqual({
      unread: 0,
    });
    // Another organisation sees none of them; a bad filter names itself.
    expect((await alerts('', fixture.customer)).body).toEqual([]);
    const bad = await alerts('?filter={"type":"sunshine"}');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('filter.type');
  });

  it('belongs to the notifications module, and its idle threshold to the admins', async () => {
    const threshold = await call(fixture.server, 'PUT', '/v1/organisation/settings/alerts', {
      token: fixture.admin,
      body: { idleMinutes: 45 },
    });
    expect(threshold.status).toBe(200);
    expect(
      (
        await call(fixture.server, 'PUT', '/v1/organisation/settings/alerts', {
          token: fixture.viewer,
          body: { idleMinutes: 45 },
        })
      ).status,
    ).toBe(403);
    const settings = await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', {
      token: fixture.admin,
    });
    expect(settings.body.properties).toMatchObject({
      idleAlertMinutes: 45,
      lowBatteryAlertLevel: 'low',
      powerCutAlertV: 6,
    });
    const power = await call(fixture.server, 'PUT', '/v1/organisation/settings/alerts', {
      token: fixture.admin,
      body: { idleMinutes: 45, lowBatteryLevel: 'critical', powerCutV: 9.5 },
    });
    expect(power.body).toEqual({ idleMinutes: 45, lowBatteryLevel: 'critical', powerCutV: 9.5 });
    const tooHigh = await call<{ field: string }>(
      fixture.server,
      'PUT',
      '/v1/organisation/settings/alerts',
      { token: fixture.admin, body: { idleMinutes: 45, powerCutV: 100 } },
    );
    expect([tooHigh.status, tooHigh.body.field]).toEqual([400, 'powerCutV']);
    // Left out, the battery and power rules stay as they were.
    await call(fixture.server, 'PUT', '/v1/organisation/settings/alerts', {
      token: fixture.admin,
      body: { idleMinutes: 50 },
    });
    const kept = await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', {
      token: fixture.admin,
    });
    expect(kept.body.properties).toMatchObject({
      idleAlertMinutes: 50,
      lowBatteryAlertLevel: 'critical',
      powerCutAlertV: 9.5,
    });
    await fixture.server.db.query(
      `UPDATE organisation SET settings = jsonb_set(settings, '{modules}',
         coalesce(settings->'modules', '{}') || '{"notifications": false}') WHERE id = $1`,
      [organisationId],
    );
    expect((await alerts()).status).toBe(403);
  });
});
