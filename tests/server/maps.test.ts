// The fleet map: latest places and states, live changes, counts by state, tenancy and 400s.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import { MapsReply, MapsSummaryReply } from '../../src/domain/api/maps.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const MIN = 60_000;

describeServer('fleet map', { users: ['admin', 'customer'] }, (fixture) => {
  let machineId: string;
  let sourceId: string;
  const maps = (token: string, path = '', query = '') =>
    call<MapsReply & { field?: string }>(fixture.server, 'GET', `/v1/portal/maps${path}${query}`, {
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
    ({ machineId, sourceId } = await demoMachines(fixture.server));
    await sendRecords(fixture.server, sourceId, working(Date.now() - 2 * MIN));
  });

  it('puts a reporting machine where its last fix was, in its state now', async () => {
    const reply = await maps(fixture.admin);
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
    const found = await maps(fixture.admin, '', '?telematics=FOUND');
    expect(found.body.machines.map((m) => m.id)).toEqual([machineId]);
  });

  it('keeps the newer place when a late record arrives', async () => {
    await sendRecords(fixture.server, sourceId, [
      {
        deviceTime: new Date(Date.now() - 60 * MIN).toISOString(),
        latitude: 52.2,
        longitude: 0.1,
        satellites: 8,
        ignition: false,
      },
    ]);
    const machine = (await maps(fixture.admin)).body.machines.find((m) => m.id === machineId);
    expect(machine?.location?.latitude).toBeCloseTo(51.519, 6);
  });

  it('sends what changed since a moment, and counts the states', async () => {
    const before = (await maps(fixture.admin)).body.timestamp;
    const quiet = await maps(
      fixture.admin,
      '/live',
      `?timestamp=${new Date(Date.now() - 3 * 3600_000).toISOString()}`,
    );
    expect(quiet.status).toBe(200);
    await sendRecords(fixture.server, sourceId, working(Date.now()));
    const live = await maps(fixture.admin, '/live', `?timestamp=${before}`);
    expect(live.status).toBe(200);
    expect(live.body.machines.map((m) => m.id)).toEqual([machineId]);
    expect(live.body.machines[0]?.location?.latitude).toBeCloseTo(51.519, 6);
    expect(Date.parse(live.body.timestamp)).toBeGreaterThanOrEqual(Date.parse(before));

    const summary = await call<MapsSummaryReply>(
      fixture.server,
      'GET',
      `/v1/portal/maps/summary?timestamp=${before}`,
      { token: fixture.admin },
    );
    expect(Value.Check(MapsSummaryReply, summary.body)).toBe(true);
    expect(summary.body).toMatchObject({ total: 41, located: 1, changed: 1 });
    expect(summary.body.states.active).toBe(1);
    expect(summary.body.states.unknown + summary.body.states.brokendown).toBe(40);
  });

  it("shows a customer only its hired machines, and not the owner's place outside the hire", async () => {
    const theirs = (await maps(fixture.customer)).body.machines;
    const listed = await call<{ total: number; machines: { id: string; hiredStatus: string }[] }>(
      fixture.server,
      'GET',
      '/v1/portal/machines/list?start=max&end=max&perPage=500',
      { token: fixture.customer },
    );
    // The map is where each machine is now: those on hire to the customer now, not every machine
    // it ever hired (the list over all time counts the ended hires too).
    const onHire = listed.body.machines.filter((m) => m.hiredStatus === 'ON_HIRE');
    expect(theirs.map((m) => m.id).sort()).toEqual(onHire.map((m) => m.id).sort());
    expect(theirs.every((m) => m.hiredStatus === 'ON_HIRE')).toBe(true);
    expect(theirs.some((m) => m.id === machineId)).toBe(
      (
        await call<{ total: number }>(fixture.server, 'GET', `/v1/portal/machines/${machineId}`, {
          token: fixture.customer,
        })
      ).status === 200,
    );
  });

  it('keeps the machines placed in the countries asked for, by name or ISO number', async () => {
    const located = (await maps(fixture.admin)).body.machines.filter((m) => m.location);
    expect(located.length).toBeGreaterThan(0);
    const british = (await maps(fixture.admin, '', '?countries=united%20kingdom')).body.machines;
    expect(british.map((m) => m.id).sort()).toEqual(located.map((m) => m.id).sort());
    const byNumber = (await maps(fixture.admin, '', '?countries=826')).body.machines;
    expect(byNumber.length).toBe(british.length);
    expect((await maps(fixture.admin, '', '?countries=France,Belgium')).body.machines).toEqual([]);
  });

  it('refuses malformed queries naming the field', async () => {
    for (const [path, query, field] of [
      ['/live', '', 'timestamp'],
      ['/live', '?timestamp=yesterday', 'timestamp'],
      ['/live', `?timestamp=${new Date(Date.now() + 3600_000).toISOString()}`, 'timestamp'],
      ['', '?telematics=LOST', 'telematics'],
      ['', '?countries=Atlantis', 'countries'],
    ] as const) {
      const reply = await maps(fixture.admin, path, query);
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body), query).toContain(field);
    }
    expect((await call(fixture.server, 'GET', '/v1/portal/maps')).status).toBe(401);
  });
});
