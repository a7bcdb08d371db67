// Staff's organisation settings (spec points 2, 3, 6, 7): the list, one organisation's settings,
// a change that its users' settings follow, and modules and navigation that switch calls off.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type {
  OrganisationListReply,
  OrganisationSettingsRecord,
} from '../../src/domain/api/organisations.ts';
import type { UserSettingsReply } from '../../src/domain/api/session.ts';
import { DEMO_USERS } from '../../server/demo/seed.ts';
import { sendRecords } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('organisation settings', { users: ['staff', 'admin'] }, (fixture) => {
  let northbank: string;

  beforeAll(async () => {
    const [row] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
    );
    northbank = row?.id ?? '';
  });

  const settingsPath = (id: string) => `/v1/admin/organisations/${id}/settings`;
  const put = (body: unknown, token = fixture.staff, id = northbank) =>
    call<OrganisationSettingsRecord & ApiError>(fixture.server, 'PUT', settingsPath(id), {
      token,
      body,
    });

  it('lists the organisations for staff, searched, filtered and paged', async () => {
    const all = await call<OrganisationListReply>(
      fixture.server,
      'GET',
      '/v1/admin/organisations/list?sort=name',
      { token: fixture.staff },
    );
    expect(all.status).toBe(200);
    const names = all.body.organisations.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(all.body.total).toBe(all.body.organisations.length);
    expect(all.body.organisations.find((o) => o.name === 'Northbank Plant Hire')).toMatchObject({
      type: 'rental',
      timezone: 'Europe/London',
    });
    expect(all.body.organisations.every((o) => o.users >= 0 && o.machines >= 0)).toBe(true);

    const found = await call<OrganisationListReply>(
      fixture.server,
      'GET',
      '/v1/admin/organisations/list?q=north&type=rental',
      { token: fixture.staff },
    );
    expect(found.body.organisations.map((o) => o.name)).toEqual(['Northbank Plant Hire']);
    const page = await call<OrganisationListReply>(
      fixture.server,
      'GET',
      '/v1/admin/organisations/list?sort=machines&order=DESC&limit=1&offset=1',
      { token: fixture.staff },
    );
    expect(page.body.organisations).toHaveLength(1);
    expect(page.body.total).toBe(all.body.total);
    const bad = await call<ApiError>(
      fixture.server,
      'GET',
      '/v1/admin/organisations/list?limit=0',
      {
        token: fixture.staff,
      },
    );
    expect([bad.status, bad.body.field]).toEqual([400, 'limit']);
  });

  it('refuses the organisation calls to anyone but staff', async () => {
    for (const token of [fixture.admin, (await signIn(fixture.server, DEMO_USERS.viewer)).token]) {
      expect(
        (await call(fixture.server, 'GET', '/v1/admin/organisations/list', { token })).status,
      ).toBe(403);
      expect((await call(fixture.server, 'GET', settingsPath(northbank), { token })).status).toBe(
        403,
      );
      expect((await put({ name: 'Taken over' }, token)).status).toBe(403);
    }
  });

  it('changes what the organisation’s users get, field by field', async () => {
    const before = await call<OrganisationSettingsRecord>(
      fixture.server,
      'GET',
      settingsPath(northbank),
      {
        token: fixture.staff,
      },
    );
    expect(before.body.modules.fuel).toBe(true);
    // The demo turns its one named feature on; staff turn it off here.
    expect(before.body.features).toEqual({ routePositions: true });
    const changed = await put({
      modules: { co2: false },
      features: { routePositions: false },
      navigation: { shifts: false },
      machineName: 'assetId',
      hireStatuses: ['ON_HIRE', 'OFF_RENT_PENDING'],
      mandatoryFields: ['assetId', 'serialNumber'],
      materials: ['Sand', 'Gravel'],
      manufacturers: ['Liebherr'],
      dealerId: 'NB-042',
      offHoursStartDate: '2023-01-01',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.manufacturers).toEqual(['Liebherr']);
    expect(changed.body).toMatchObject({
      modules: { ...before.body.modules, co2: false },
      navigation: { ...before.body.navigation, shifts: false },
      features: { routePositions: false },
      machineName: 'assetId',
      routeMinSatellites: before.body.routeMinSatellites,
      hireStatuses: ['ON_HIRE', 'OFF_RENT_PENDING'],
      mandatoryFields: ['assetId', 'serialNumber'],
      dealerId: 'NB-042',
      offHoursStartDate: '2023-01-01',
    });
    const settings = await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', {
      token: fixture.admin,
    });
    expect(settings.body).toMatchObject({
      modules: { co2: false, fuel: true },
      navigation: { shifts: false, sites: true },
      features: { routePositions: false },
      properties: { machineName: 'assetId' },
      hireStatuses: { hired: ['ON_HIRE', 'OFF_RENT_PENDING'] },
      materials: ['Sand', 'Gravel'],
      dealerId: 'NB-042',
      offHoursStartDate: '2023-01-01',
    });
    // The makes staff named, beside those of the fleet.
    expect(settings.body.manufacturers).toContain('Liebherr');
    expect(settings.body.manufacturers.length).toBeGreaterThan(1);
    const [audit] = await fixture.server.db.query<{ action: string }>(
      // The module's own entry, beside the trail's record of the request.
      `SELECT action FROM audit_event WHERE organisation_id = $1 AND action <> 'api.write'
        ORDER BY at DESC LIMIT 1`,
      [northbank],
    );
    expect(audit?.action).toBe('organisation.settings-changed');
  });

  it('names the field it cannot take, and 404s an organisation that is not there', async () => {
    for (const [body, field] of [
      [{}, ''],
      [{ modules: { teleport: true } }, 'modules.teleport'],
      [{ navigation: { sites: 'yes' } }, 'navigation.sites'],
      [{ mandatoryFields: ['password'] }, 'mandatoryFields.0'],
      [{ offHoursStartDate: '2023-02-30' }, 'offHoursStartDate'],
      [{ routeMinSatellites: 99 }, 'routeMinSatellites'],
      [{ dealerId: 'has spaces' }, 'dealerId'],
      [{ type: 'charity' }, 'type'],
    ] as const) {
      const refused = await put(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (field) expect(refused.body.field, JSON.stringify(body)).toBe(field);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await put({ name: 'Nobody' }, fixture.staff, missing)).status).toBe(404);
    expect(
      (await call(fixture.server, 'GET', settingsPath(missing), { token: fixture.staff })).status,
    ).toBe(404);
  });

  it('switches a module’s and a navigation entry’s calls off for that organisation only', async () => {
    const [machine] = await fixture.server.db.query<{ id: string }>(
      'SELECT id FROM machine WHERE organisation_id = $1 LIMIT 1',
      [northbank],
    );
    const fuelPath = `/v1/portal/fuel/${machine?.id}?start=2026-01-01&end=2026-01-07`;
    const sitesPath = '/v1/portal/sites';
    const statusOf = async (path: string, token = fixture.admin) =>
      (await call(fixture.server, 'GET', path, { token })).status;
    expect(await statusOf(sitesPath)).toBe(200);
    expect(await statusOf(fuelPath)).not.toBe(403);

    await put({ modules: { fuel: false }, navigation: { sites: false } });
    const off = await call<ApiError>(fixture.server, 'GET', fuelPath, { token: fixture.admin });
    expect([off.status, off.body.code]).toEqual([403, 'MODULE_DISABLED']);
    expect(await statusOf(sitesPath)).toBe(403);
    // Another organisation keeps its own switches.
    const customer = (await signIn(fixture.server, DEMO_USERS.customer)).token;
    expect(await statusOf(sitesPath, customer)).toBe(200);

    await put({ modules: { fuel: true }, navigation: { sites: true } });
    expect(await statusOf(sitesPath)).toBe(200);

    // Shifts, and the machine's additional information (its drop-down values stay for onboarding).
    await put({ navigation: { shifts: false }, modules: { machineAdditionalInformation: false } });
    expect(await statusOf('/v1/portal/shifts')).toBe(403);
    const information = await call<ApiError>(
      fixture.server,
      'PATCH',
      `/v1/portal/machines/${machine?.id}/additional-information`,
      { token: fixture.admin, body: { colour: 'Yellow' } },
    );
    expect([information.status, information.body.code]).toEqual([403, 'MODULE_DISABLED']);
    expect(await statusOf('/v1/portal/machines/additional-information/form-drop-down-values')).toBe(
      200,
    );
    await put({ navigation: { shifts: true }, modules: { machineAdditionalInformation: true } });
    expect(await statusOf('/v1/portal/shifts')).toBe(200);
  });

  it('counts the days again in a new time zone, cutting them at its midnights', async () => {
    const [meridian] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Meridian Build Group'`,
    );
    const id = meridian?.id ?? '';
    const totals = async () => {
      await fixture.server.rollups.drain();
      const [row] = await fixture.server.db.query<{ active_s: number; days: number }>(
        `SELECT sum(d.active_s) AS active_s, count(*)::int AS days FROM machine_day_rollup d
           JOIN machine m ON m.id = d.machine_id WHERE m.organisation_id = $1`,
        [id],
      );
      return row;
    };
    // Segments are stored cut at the organisation's midnights: none crosses one in the zone.
    const crossingMidnight = async (zone: string) =>
      (
        await fixture.server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM activity_segment a JOIN machine m ON m.id = a.machine_id
            WHERE m.organisation_id = $1
              AND (a.from_at AT TIME ZONE $2)::date <> ((a.to_at - interval '1 millisecond') AT TIME ZONE $2)::date`,
          [id, zone],
        )
      )[0]?.n;
    // A Meridian machine that worked 05:00 to 19:00 UTC on 13 January 2025: Tokyo's midnight
    // (15:00 UTC) falls inside.
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name, category) VALUES ($1, 'Zone test dozer', 'Dozer')
       RETURNING id`,
      [id],
    );
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s) VALUES ('TELTONIKA', 'ZONE-TEST-1', $1, 60)
       RETURNING id`,
      [machine?.id ?? ''],
    );
    await sendRecords(fixture.server, source?.id ?? '', [
      ...Array.from({ length: 14 * 60 + 1 }, (_, i) => ({
        deviceTime: new Date(Date.parse('2025-01-13T05:00:00Z') + i * 60_000).toISOString(),
        ignition: true,
        movement: true,
        engineRpm: 1500,
      })),
      { deviceTime: '2025-01-13T19:01:00.000Z', ignition: false, engineRpm: 0 },
    ]);
    const before = await totals();
    expect(before?.days).toBeGreaterThan(0);
    expect(await crossingMidnight('Asia/Tokyo')).toBeGreaterThan(0);
    expect(await crossingMidnight('Europe/London')).toBe(0);

    const bad = await put({ timezone: 'Mars/Olympus' }, fixture.staff, id);
    expect([bad.status, bad.body.field]).toEqual([400, 'timezone']);
    const changed = await put({ timezone: 'Asia/Tokyo' }, fixture.staff, id);
    expect([changed.status, changed.body.timezone]).toEqual([200, 'Asia/Tokyo']);
    const after = await totals();
    expect(await crossingMidnight('Asia/Tokyo')).toBe(0);
    // The same hours, counted on other days.
    expect(after?.active_s).toBeCloseTo(before?.active_s ?? NaN, 0);
  });
});
