// The fleet map: latest places and states, live changes, counts by state, tenancy and 400s.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { MapsReply, MapsSummaryReply } from '../../src/domain/api/maps.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { testDatabases } from '../support/databases.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const MIN = 60_000;

describe.each(testDatabases)('fleet map on $kind', (database) => {
  let server: TestServer;
  let admin: string;
  let customer: string;
  let machineId: string;
  let sourceId: string;
  const maps = (token: string, path = '', query = '') =>
    call<MapsReply & { field?: string }>(server, 'GET', `/v1/portal/maps${path}${query}`, {
      token,
    });

  // Working for the last 20 minutes, a record a minute, moving north; the last one without a fix.
  const working = (endMs: number) =>
    Array.from({ length: 21 }, (_, i) => ({
      deviceTime: new Date(endMs - (20 - i) * MIN).toISOString(),
      ignition: true,
      movement: true,
      engineRpm: 1500,
      ...(i < 20 ? { latitude: 51.5 + i * 0.001, longitude: -0.2, satellites: 9 } : {}),
    }));

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = (await signIn(server)).token;
    customer = (await signIn(server, 'harrow@demo.example')).token;
    ({ machineId, sourceId } = await demoMachines(server));
    await sendRecords(server, sourceId, working(Date.now() - 2 * MIN));
  });
  afterAll(() => server?.close());

  it('puts a reporting machine where its last fix was, in its state now', async () => {
    const reply = await maps(admin);
    expect(reply.status).toBe(200);
    expect(Value.Check(MapsReply, reply.body)).toBe(true);
    expect(reply.body.machines).toHaveLength(41);
    const machine = reply.body.machines.find((m) => m.id === machineId);
    expect(machine?.state).toBe('active');
    expect(machine?.location?.latitude).toBeCloseTo(51.519, 6);
    expect(machine?.location?.longitude).toBe(-0.2);
    // Machines whose devices never reported are on the list without a place, and without a
    // state unless they are broken down.
    const silent = reply.body.machines.filter((m) => m.id !== machineId);
    expect(silent.every((m) => m.location === null)).toBe(true);
    expect(new Set(silent.map((m) => m.state))).toEqual(new Set(['unknown', 'brokendown']));
    // Only the located ones when asked.
    const found = await maps(admin, '', '?telematics=FOUND');
    expect(found.body.machines.map((m) => m.id)).toEqual([machineId]);
  });

  it('keeps the newer place when a late record arrives', async () => {
    await sendRecords(server, sourceId, [
      {
        deviceTime: new Date(Date.now() - 60 * MIN).toISOString(),
        latitude: 52.2,
        longitude: 0.1,
        satellites: 8,
        ignition: false,
      },
    ]);
    const machine = (await maps(admin)).body.machines.find((m) => m.id === machineId);
    expect(machine?.location?.latitude).toBeCloseTo(51.519, 6);
  });

  it('sends what changed since a moment, and counts the states', async () => {
    const before = (await maps(admin)).body.timestamp;
    const quiet = await maps(
      admin,
      '/live',
      `?timestamp=${new Date(Date.now() - 3 * 3600_000).toISOString()}`,
    );
    expect(quiet.status).toBe(200);
    await sendRecords(server, sourceId, working(Date.now()));
    const live = await maps(admin, '/live', `?timestamp=${before}`);
    expect(live.status).toBe(200);
    expect(live.body.machines.map((m) => m.id)).toEqual([machineId]);
    expect(live.body.machines[0]?.location?.latitude).toBeCloseTo(51.519, 6);
    expect(Date.parse(live.body.timestamp)).toBeGreaterThanOrEqual(Date.parse(before));

    const summary = await call<MapsSummaryReply>(
      server,
      'GET',
      `/v1/portal/maps/summary?timestamp=${before}`,
      { token: admin },
    );
    expect(Value.Check(MapsSummaryReply, summary.body)).toBe(true);
    expect(summary.body).toMatchObject({ total: 41, located: 1, changed: 1 });
    expect(summary.body.states.active).toBe(1);
    expect(summary.body.states.unknown + summary.body.states.brokendown).toBe(40);
  });

  it("shows a customer only its hired machines, and not the owner's place outside the hire", async () => {
    const theirs = (await maps(customer)).body.machines;
    const listed = await call<{ total: number }>(
      server,
      'GET',
      '/v1/portal/machines/list?start=max&end=max',
      { token: customer },
    );
    expect(theirs.length).toBe(listed.body.total);
    expect(theirs.some((m) => m.id === machineId)).toBe(
      (
        await call<{ total: number }>(server, 'GET', `/v1/portal/machines/${machineId}`, {
          token: customer,
        })
      ).status === 200,
    );
  });

  it('keeps the machines placed in the countries asked for, by name or ISO number', async () => {
    const located = (await maps(admin)).body.machines.filter((m) => m.location);
    expect(located.length).toBeGreaterThan(0);
    const british = (await maps(admin, '', '?countries=united%20kingdom')).body.machines;
    expect(british.map((m) => m.id).sort()).toEqual(located.map((m) => m.id).sort());
    const byNumber = (await maps(admin, '', '?countries=826')).body.machines;
    expect(byNumber.length).toBe(british.length);
    expect((await maps(admin, '', '?countries=France,Belgium')).body.machines).toEqual([]);
  });

  it('refuses malformed queries naming the field', async () => {
    for (const [path, query, field] of [
      ['/live', '', 'timestamp'],
      ['/live', '?timestamp=yesterday', 'timestamp'],
      ['/live', `?timestamp=${new Date(Date.now() + 3600_000).toISOString()}`, 'timestamp'],
      ['', '?telematics=LOST', 'telematics'],
      ['', '?countries=Atlantis', 'countries'],
    ] as const) {
      const reply = await maps(admin, path, query);
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body), query).toContain(field);
    }
    expect((await call(server, 'GET', '/v1/portal/maps')).status).toBe(401);
  });
});
