// GET /v1/portal/maps/routes: positions, trips and stops named by site geofences; tenancy and 400s.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import { RouteReply, type RouteMachinesReply } from '../../src/domain/api/mapRoutes.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10'; // a Tuesday, GMT
const MIN = 60_000;
const DEPOT = { latitude: 51.529, longitude: -0.276 }; // Northbank Depot Park Royal, 250 m
const AWAY = { latitude: 51.545, longitude: -0.25 };

describeServer('machine routes', { users: ['admin', 'customer'] }, (fixture) => {
  let machineId: string;
  const route = (token: string, query: string) =>
    call<RouteReply & { field?: string }>(
      fixture.server,
      'GET',
      `/v1/portal/maps/routes?${query}`,
      {
        token,
      },
    );

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    const start = Date.parse(`${DAY}T08:00:00Z`);
    // 10 minutes at the depot, 20 minutes driving away, 10 minutes parked, one record a minute;
    // one record without enough satellites, which the route leaves out.
    const at = (i: number, p: { latitude: number; longitude: number }, satellites = 9) => ({
      deviceTime: new Date(start + i * MIN).toISOString(),
      ignition: true,
      engineRpm: 1200,
      latitude: p.latitude,
      longitude: p.longitude,
      satellites,
    });
    const records = [
      ...Array.from({ length: 10 }, (_, i) => at(i, DEPOT)),
      ...Array.from({ length: 20 }, (_, i) =>
        at(10 + i, {
          latitude: DEPOT.latitude + ((AWAY.latitude - DEPOT.latitude) * (i + 1)) / 20,
          longitude: DEPOT.longitude + ((AWAY.longitude - DEPOT.longitude) * (i + 1)) / 20,
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) => at(30 + i, AWAY)),
      at(40, { latitude: 52, longitude: 0 }, 2),
    ];
    await sendRecords(fixture.server, fleet.sourceId, records);
  });

  it('finds the trip from the depot and the stops at either end', async () => {
    const reply = await route(fixture.admin, `machineID=${machineId}&start=${DAY}&end=${DAY}`);
    expect(reply.status).toBe(200);
    expect(Value.Check(RouteReply, reply.body)).toBe(true);
    const { locations, trips, stops, latestLocation, timezone } = reply.body;
    expect(timezone).toBe('Europe/London');
    expect(locations).toHaveLength(40);
    expect(latestLocation).toMatchObject(AWAY);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      geofenceStartName: 'Northbank Depot Park Royal',
      geofenceEndName: null,
      outOfScope: true,
    });
    expect(trips[0]?.distanceM).toBeGreaterThan(2000);
    expect(trips[0]?.locations.length).toBeGreaterThanOrEqual(20);
    expect(stops.map((s) => [s.geofenceName, s.outOfScope, s.radius])).toEqual([
      ['Northbank Depot Park Royal', false, 20],
      [null, true, 20],
    ]);
    // A wider stop radius and a longer stop duration find other stops.
    const wide = await route(
      fixture.admin,
      `machineID=${machineId}&start=${DAY}&end=${DAY}&stopRadius=1000&stopDuration=3600`,
    );
    expect(wide.body.stops).toHaveLength(0);
  });

  it("takes the organisation's minimum satellites, and drops a point on the meridian", async () => {
    const points = async () =>
      (await route(fixture.admin, `machineID=${machineId}&start=${DAY}&end=${DAY}`)).body.locations
        .length;
    const set = (minSatellites: unknown, token = fixture.admin) =>
      call(fixture.server, 'PUT', '/v1/organisation/settings/route-points', {
        token,
        body: { minSatellites },
      });
    expect((await set(2)).status).toBe(200);
    // The 2-satellite fix now counts, but its longitude is exactly 0: still 40 points.
    expect(await points()).toBe(40);
    expect((await set(10)).status).toBe(200);
    expect(await points()).toBe(0);
    const settings = await call<{ properties: { routeMinSatellites: number } }>(
      fixture.server,
      'GET',
      '/v1/users/settings',
      { token: fixture.admin },
    );
    expect(settings.body.properties.routeMinSatellites).toBe(10);
    expect(await set(25)).toMatchObject({ status: 400, body: { field: 'minSatellites' } });
    const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    expect((await set(3, viewer)).status).toBe(403);
    expect((await set(4)).status).toBe(200);
    expect(await points()).toBe(40);
  });

  it("names a stop by the site a hire took the machine to, even another organisation's", async () => {
    await fixture.server.db.query(
      `WITH s AS (INSERT INTO site (organisation_id, name, code, latitude, longitude, radius_m)
                  SELECT id, 'Wembley Yard', 'HCE-WY', $2, $3, 100 FROM organisation
                   WHERE name = 'Harrow Civil Engineering' RETURNING id, organisation_id)
       INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, site_id, starts_at, ends_at, contract_number)
       SELECT $1, m.organisation_id, s.organisation_id, s.id, '2026-01-01', '2026-02-01', 'C-MAP-1'
         FROM s, machine m WHERE m.id = $1`,
      [machineId, AWAY.latitude, AWAY.longitude],
    );
    const reply = await route(fixture.admin, `machineID=${machineId}&start=${DAY}&end=${DAY}`);
    expect(reply.body.stops.map((s) => [s.geofenceName, s.outOfScope])).toEqual([
      ['Northbank Depot Park Royal', false],
      ['Wembley Yard', false],
    ]);
    expect(reply.body.trips[0]).toMatchObject({
      geofenceEndName: 'Wembley Yard',
      outOfScope: false,
    });
  });

  it('lists the machines to choose from by name, with when each was last placed', async () => {
    const reply = await call<RouteMachinesReply>(
      fixture.server,
      'GET',
      `/v1/machines/list?startDate=${DAY}&endDate=${DAY}`,
      { token: fixture.admin },
    );
    expect(reply.status).toBe(200);
    const names = reply.body.machines.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const placed = reply.body.machines.filter((m) => m.lastPositionAt !== null);
    expect(placed.map((m) => m.id)).toEqual([machineId]);
  });

  it("hides another organisation's machine and refuses malformed queries", async () => {
    const theirs = await route(fixture.customer, `machineID=${machineId}&start=${DAY}&end=${DAY}`);
    expect([403, 404]).toContain(theirs.status);
    for (const [query, field] of [
      [`start=${DAY}`, 'machineID'],
      [`machineID=${machineId}&start=2026-10-01&end=2026-11-20`, 'end'],
      [`machineID=${machineId}&start=${DAY}&end=2026-11-01`, 'end'],
      [`machineID=${machineId}&stopRadius=0`, 'stopRadius'],
    ] as const) {
      const reply = await route(fixture.admin, query);
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body), query).toContain(field);
    }
  });
});
