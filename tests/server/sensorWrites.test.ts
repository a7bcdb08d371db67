// A sensor taken out of service and back (its records in between kept, not counted), and fuel
// attachments (spec point 3) turning a tank-level sensor's percent into litres exactly, with a
// change of capacity recomputing the days it affects. On a fixture day, through HTTP.
import { beforeAll, expect, it } from 'vitest';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import type { FuelReply } from '../../src/domain/api/machineSettings.ts';
import type { SensorAttachmentReply, SensorRecord } from '../../src/domain/api/sensors.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10'; // a Tuesday, GMT
const MIN = 60_000;

describeServer('sensor service and fuel attachments', { users: ['admin', 'viewer'] }, (fixture) => {
  let machineId: string;
  let sourceId: string;
  let foreignSourceId: string;

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    sourceId = fleet.sourceId;
    const [foreign] = await fixture.server.db.query<{ id: string }>(
      'SELECT id FROM source WHERE machine_id = $1',
      [fleet.foreignId],
    );
    foreignSourceId = foreign?.id ?? '';
    // 07:00–09:00 working while a percent-only level falls from 50 % to 45 %, off at 09:00,
    // refilled to 80 % at 09:30 with the engine off.
    const start = Date.parse(`${DAY}T07:00:00Z`);
    await sendRecords(fixture.server, sourceId, [
      ...Array.from({ length: 120 }, (_, i) => ({
        deviceTime: new Date(start + i * MIN).toISOString(),
        ignition: true,
        movement: true,
        engineRpm: 1600,
        fuelLevelPct: 50 - (5 * i) / 119,
      })),
      { deviceTime: `${DAY}T09:00:00.000Z`, ignition: false, engineRpm: 0, fuelLevelPct: 45 },
      { deviceTime: `${DAY}T09:30:00.000Z`, ignition: false, engineRpm: 0, fuelLevelPct: 80 },
      { deviceTime: `${DAY}T10:00:00.000Z`, ignition: false, engineRpm: 0, fuelLevelPct: 80 },
    ]);
  });

  const fuel = async () => {
    await fixture.server.rollups.drain();
    return (
      await call<FuelReply>(
        fixture.server,
        'GET',
        `/v1/portal/fuel/${machineId}?startDate=${DAY}&endDate=${DAY}`,
        { token: fixture.admin },
      )
    ).body;
  };
  const activeHours = async () => {
    await fixture.server.rollups.drain();
    const filter = encodeURIComponent(encodeFilter({ machine: [machineId] }));
    const list = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=${DAY}&end=${DAY}&show=all&filter=${filter}`,
      { token: fixture.admin },
    );
    return list.body.summary.activeHours.value;
  };
  const attach = (body: unknown, token = fixture.admin) =>
    call<SensorAttachmentReply & { field?: string }>(
      fixture.server,
      'POST',
      '/v1/portal/sensors/attachment',
      { token, body },
    );

  it("turns the level into litres with the tank's capacity from the attachment's start", async () => {
    expect((await fuel()).levels).toHaveLength(0);
    const made = await attach({
      sourceId,
      enableFuel: true,
      // Wall-clock time in London: midnight GMT.
      fuelAttachment: [
        { type: 'TANK_LEVEL', start: `${DAY}T00:00`, tankCapacity: 200, serialNumber: 'TK-1' },
      ],
      timezone: 'Europe/London',
    });
    expect(made.status).toBe(200);
    expect(made.body.fuelAttachment).toEqual([
      expect.objectContaining({ start: `${DAY}T00:00:00.000Z`, tankCapacity: 200 }),
    ]);
    const litres = await fuel();
    expect(litres.levels[0]?.litres).toBeCloseTo(100, 5);
    expect(litres.refills[0]?.litres).toBeCloseTo(70, 5);
    expect(litres.days[0]?.fuelL).toBeCloseTo(10, 1);

    // A bigger tank than thought: every litre of the day grows with it.
    const id = made.body.fuelAttachment[0]?.id ?? '';
    const changed = await call(
      fixture.server,
      'PATCH',
      `/v1/portal/sensors/attachment/${id}/tank-capacity`,
      {
        token: fixture.admin,
        body: { tankCapacity: 300 },
      },
    );
    expect(changed.status).toBe(200);
    const bigger = await fuel();
    expect(bigger.levels[0]?.litres).toBeCloseTo(150, 5);
    expect(bigger.refills[0]?.litres).toBeCloseTo(105, 5);
    expect(bigger.days[0]?.fuelL).toBeCloseTo(15, 1);

    // An attachment starting after the day converts nothing of it.
    const later = await attach({
      sourceId,
      enableFuel: true,
      fuelAttachment: [
        { id, type: 'TANK_LEVEL', start: '2026-11-11T00:00:00Z', tankCapacity: 300 },
      ],
      timezone: 'Europe/London',
    });
    expect(later.status).toBe(200);
    expect((await fuel()).levels).toHaveLength(0);
  });

  it('refuses a tank of no capacity, an impossible start, and another organisation’s sensor', async () => {
    const body = (item: Record<string, unknown>) => ({
      sourceId,
      enableFuel: true,
      fuelAttachment: [{ type: 'TANK_LEVEL', start: `${DAY}T00:00`, tankCapacity: 200, ...item }],
      timezone: 'Europe/London',
    });
    expect(await attach(body({ tankCapacity: 0 }))).toMatchObject({
      status: 400,
      body: { field: 'fuelAttachment.0.tankCapacity' },
    });
    expect(await attach(body({ tankCapacity: -5 }))).toMatchObject({ status: 400 });
    expect(await attach(body({ start: '2026-02-30T08:00' }))).toMatchObject({
      status: 400,
      body: { field: 'fuelAttachment.0.start' },
    });
    expect((await attach({ ...body({}), sourceId: foreignSourceId })).status).toBe(404);
    expect((await attach(body({}), fixture.viewer)).status).toBe(403);
    const [attachment] = await fixture.server.db.query<{ id: string }>(
      'SELECT id FROM fuel_attachment WHERE source_id = $1',
      [sourceId],
    );
    expect(
      await call(
        fixture.server,
        'PATCH',
        `/v1/portal/sensors/attachment/${attachment?.id}/tank-capacity`,
        {
          token: fixture.admin,
          body: { tankCapacity: 0 },
        },
      ),
    ).toMatchObject({ status: 400, body: { field: 'tankCapacity' } });
    // Nothing changed: the capacity is still 300.
    const stored = await call<SensorAttachmentReply>(
      fixture.server,
      'GET',
      `/v1/portal/sensors/${sourceId}/attachment`,
      { token: fixture.viewer },
    );
    expect(stored.body.fuelAttachment[0]?.tankCapacity).toBe(300);
  });

  it('stops counting a sensor out of service from then, keeps its records, and counts again after', async () => {
    expect(await activeHours()).toBeCloseTo(2, 1);
    const records = async () =>
      (
        await fixture.server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM telemetry_record WHERE source_id = $1',
          [sourceId],
        )
      )[0]?.n;
    const kept = await records();
    const off = await call<SensorRecord>(
      fixture.server,
      'POST',
      `/v1/portal/sensors/${sourceId}/out-of-service`,
      { token: fixture.admin, body: { at: `${DAY}T08:00:00Z`, reason: 'Moved to the workshop' } },
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      status: 'outOfService',
      outOfServiceAt: `${DAY}T08:00:00.000Z`,
    });
    expect(await activeHours()).toBeCloseTo(1, 1);
    expect(await records()).toBe(kept);
    expect(
      (
        await call(fixture.server, 'POST', `/v1/portal/sensors/${sourceId}/out-of-service`, {
          token: fixture.admin,
          body: {},
        })
      ).status,
    ).toBe(409);

    expect(
      await call(fixture.server, 'POST', `/v1/portal/sensors/${sourceId}/in-service`, {
        token: fixture.admin,
        body: { at: `${DAY}T07:30:00Z` },
      }),
    ).toMatchObject({ status: 400, body: { field: 'at' } });
    const back = await call<SensorRecord>(
      fixture.server,
      'POST',
      `/v1/portal/sensors/${sourceId}/in-service`,
      { token: fixture.admin, body: { at: `${DAY}T08:30:00Z` } },
    );
    expect(back.body.status).not.toBe('outOfService');
    expect(await activeHours()).toBeCloseTo(1.5, 1);
    expect(
      (
        await call(fixture.server, 'POST', `/v1/portal/sensors/${sourceId}/out-of-service`, {
          token: fixture.viewer,
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(fixture.server, 'POST', `/v1/portal/sensors/${foreignSourceId}/out-of-service`, {
          token: fixture.admin,
          body: {},
        })
      ).status,
    ).toBe(404);
  });
});
