// GET /v1/portal/maps/heatmap and /speedheatmap: cells weighted by working time and by speed, kept
// by the engine, agreeing with the day rollups; one machine or the fleet; tenancy and 400s.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import { HEAT_CELL_DEG, HeatmapReply } from '../../src/domain/api/heatmap.ts';
import { drainRecomputeBacklog } from '../../server/telemetry/engine/backlog.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10'; // a Tuesday, GMT
const MIN = 60_000;
const DEPOT = { latitude: 51.5291, longitude: -0.2761 };
const AWAY = { latitude: 51.5451, longitude: -0.2501 };
const cellCentre = (degrees: number) => (Math.floor(degrees / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG;

describeServer('heat maps', { users: ['admin', 'customer'] }, (fixture) => {
  let machineId: string;
  let deviceCode: string;
  const heat = (token: string, path: string, query: string) =>
    call<HeatmapReply & { field?: string }>(
      fixture.server,
      'GET',
      `/v1/portal/maps/${path}?${query}`,
      {
        token,
      },
    );

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    const [source] = await fixture.server.db.query<{ code: string }>(
      'SELECT code FROM source WHERE id = $1',
      [fleet.sourceId],
    );
    deviceCode = source?.code ?? '';
    const start = Date.parse(`${DAY}T08:00:00Z`);
    // Working 10 minutes at the depot, driving 20 minutes at 30 km/h, working 10 minutes away,
    // then the engine off: one record a minute.
    const at = (i: number, p: typeof DEPOT, speedKmh: number, running = true) => ({
      deviceTime: new Date(start + i * MIN).toISOString(),
      ignition: running,
      engineRpm: running ? 1500 : 0,
      speedKmh,
      latitude: p.latitude,
      longitude: p.longitude,
      satellites: 9,
    });
    await sendRecords(fixture.server, fleet.sourceId, [
      ...Array.from({ length: 10 }, (_, i) => at(i, DEPOT, 0)),
      ...Array.from({ length: 20 }, (_, i) =>
        at(
          10 + i,
          {
            latitude: DEPOT.latitude + ((AWAY.latitude - DEPOT.latitude) * (i + 1)) / 20,
            longitude: DEPOT.longitude + ((AWAY.longitude - DEPOT.longitude) * (i + 1)) / 20,
          },
          30,
        ),
      ),
      ...Array.from({ length: 10 }, (_, i) => at(30 + i, AWAY, 0)),
      ...Array.from({ length: 5 }, (_, i) => at(40 + i, AWAY, 0, false)),
    ]);
  });

  it("weights one machine's cells by its working time, adding up to its active hours", async () => {
    const reply = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    expect(reply.status).toBe(200);
    expect(Value.Check(HeatmapReply, reply.body)).toBe(true);
    const [rollup] = await fixture.server.db.query<{ active_s: number }>(
      'SELECT active_s FROM machine_day_rollup WHERE machine_id = $1 AND day = $2',
      [machineId, DAY],
    );
    const totalS = reply.body.cells.reduce((sum, cell) => sum + cell.seconds, 0);
    expect(rollup?.active_s).toBeGreaterThan(35 * 60);
    expect(totalS).toBeCloseTo(rollup?.active_s ?? 0, 0);
    const depot = reply.body.cells.find(
      (cell) =>
        cell.latitude.toFixed(4) === cellCentre(DEPOT.latitude).toFixed(4) &&
        cell.longitude.toFixed(4) === cellCentre(DEPOT.longitude).toFixed(4),
    );
    expect(depot?.seconds).toBeCloseTo(10 * 60, -1);
    expect(depot?.weight).toBeCloseTo(depot ? depot.seconds / 3600 : 0, 6);
    expect(reply.body.maxWeight).toBe(Math.max(...reply.body.cells.map((c) => c.weight)));

    // A range holding the day's whole week reads the week's sums: the same cells.
    const week = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=2026-11-08&end=2026-11-17`,
    );
    expect(week.body.cells).toEqual(reply.body.cells);

    // The same machine through its device's code.
    const byDevice = await heat(
      fixture.admin,
      'heatmap',
      `deviceId=${deviceCode}&start=${DAY}&end=${DAY}`,
    );
    expect(byDevice.body.cells).toEqual(reply.body.cells);
  });

  it('weights the speed map by the speed driven, only where the machine travelled', async () => {
    const reply = await heat(
      fixture.admin,
      'speedheatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.kind).toBe('speed');
    expect(reply.body.cells.length).toBeGreaterThan(5);
    for (const cell of reply.body.cells) {
      expect(cell.weight).toBeCloseTo(30, 6);
      expect(cell.maxSpeedKmh).toBe(30);
    }
    const movingS = reply.body.cells.reduce((sum, cell) => sum + cell.seconds, 0);
    expect(movingS).toBeCloseTo(20 * 60, -1);
  });

  it("sums the fleet's cells, and nothing on days without work", async () => {
    const fleet = await heat(fixture.admin, 'heatmap', `start=${DAY}&end=${DAY}`);
    const one = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    expect(fleet.status).toBe(200);
    for (const cell of one.body.cells) {
      const same = fleet.body.cells.find(
        (c) => c.latitude === cell.latitude && c.longitude === cell.longitude,
      );
      expect(same?.seconds).toBeGreaterThanOrEqual(cell.seconds - 1e-6);
    }
    const empty = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=2026-11-12&end=2026-11-12`,
    );
    expect(empty.body).toMatchObject({ cells: [], maxWeight: 0 });
  });

  it('computes the cells again from the records when the backlog asks for it', async () => {
    const before = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    await fixture.server.db.query('DELETE FROM machine_day_heat WHERE machine_id = $1', [
      machineId,
    ]);
    await fixture.server.db.query(
      'INSERT INTO recompute_backlog (machine_id, from_day, to_day) VALUES ($1, $2, $3)',
      [machineId, '2026-10-01', '2026-11-20'],
    );
    expect(
      await drainRecomputeBacklog(fixture.server.db, (jobs) =>
        fixture.server.rollups.recompute(jobs),
      ),
    ).toBe(2);
    const after = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    expect(after.body.cells).toEqual(before.body.cells);
  });

  // A hire that starts or ends during a day is tested in hireWindow.test.ts.
  it("hides another organisation's machine, and shows a hired one only on its hire's days", async () => {
    const theirs = await heat(
      fixture.customer,
      'heatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    expect(theirs.status).toBe(404);
    const fleet = await heat(fixture.customer, 'heatmap', `start=${DAY}&end=${DAY}`);
    const ours = await heat(
      fixture.admin,
      'heatmap',
      `machineId=${machineId}&start=${DAY}&end=${DAY}`,
    );
    const overlaps = fleet.body.cells.some((c) =>
      ours.body.cells.some((o) => o.latitude === c.latitude && o.longitude === c.longitude),
    );
    expect(overlaps).toBe(false);
    await fixture.server.db.query(
      `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, starts_at, ends_at, contract_number)
       SELECT m.id, m.organisation_id, o.id, '2026-11-10T00:00:00Z', '2026-11-11T00:00:00Z', 'C-HEAT-1'
         FROM machine m, organisation o WHERE m.id = $1 AND o.name = 'Harrow Civil Engineering'`,
      [machineId],
    );
    const hired = await heat(
      fixture.customer,
      'heatmap',
      `machineId=${machineId}&start=2026-11-09&end=2026-11-12`,
    );
    expect(hired.status).toBe(200);
    expect(hired.body.cells).toEqual(ours.body.cells);
  });

  it('offers the configured base maps', async () => {
    const reply = await call<{ layers: { name: string; url: string }[] }>(
      fixture.server,
      'GET',
      '/v1/portal/maps/layers',
      { token: fixture.customer },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.layers.map((layer) => layer.name)).toEqual(['OpenStreetMap']);
    expect((await call(fixture.server, 'GET', '/v1/portal/maps/layers')).status).toBe(401);
  });

  it('refuses malformed queries, naming the field', async () => {
    for (const [query, field] of [
      [`start=${DAY}&end=2026-11-01`, 'end'],
      ['start=2026-01-01&end=2026-11-01', 'end'],
      [`start=10-11-2026`, 'start'],
      [`machineId=nope`, 'machineId'],
      [`machineId=${machineId}&deviceId=${deviceCode}`, 'deviceId'],
      [`countries=GB`, 'countries'],
    ] as const) {
      const reply = await heat(fixture.admin, 'heatmap', query);
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body), query).toContain(field);
    }
    expect((await heat(fixture.admin, 'heatmap', 'deviceId=000000000000000')).status).toBe(404);
  });
});
