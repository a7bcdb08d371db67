// GET /v1/portal/maps/cycles/{id} and /v1/portal/maps/routes/report: haul cycles found in a
// machine's stops and trips, their routes, and the five CSV tables; tenancy and 400s.
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import type { GenericRecord } from '../../src/domain/api/ingest.ts';
import { WorkCyclesReply } from '../../src/domain/api/workCycles.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10'; // a Tuesday, GMT
const DEPOT = { latitude: 51.529, longitude: -0.276 }; // Northbank Depot Park Royal, 250 m
const TIP = { latitude: 51.5344, longitude: -0.276 }; // 600 m north, outside every site
const STEP_MS = 30_000;

/** Load 5 minutes at the depot, drive 4 to the tip, tip 5, drive 4 back: twice, then load again. */
function haulRecords() {
  const records: Partial<GenericRecord>[] = [];
  let t = Date.parse(`${DAY}T08:00:00Z`);
  const record = (p: typeof DEPOT, speedKmh: number) => {
    records.push({
      deviceTime: new Date(t).toISOString(),
      ignition: true,
      engineRpm: 1500,
      speedKmh,
      latitude: p.latitude,
      longitude: p.longitude,
      satellites: 9,
    });
    t += STEP_MS;
  };
  const stay = (p: typeof DEPOT) => {
    for (let i = 0; i < 10; i++) record(p, 0);
  };
  const drive = (from: typeof DEPOT, to: typeof DEPOT) => {
    for (let i = 1; i <= 8; i++) {
      record(
        {
          latitude: from.latitude + ((to.latitude - from.latitude) * i) / 9,
          longitude: from.longitude,
        },
        9,
      );
    }
  };
  for (let cycle = 0; cycle < 2; cycle++) {
    stay(DEPOT);
    drive(DEPOT, TIP);
    stay(TIP);
    drive(TIP, DEPOT);
  }
  stay(DEPOT);
  return records;
}

/** RFC 4180 rows: quoted fields may hold commas. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')) {
    const fields = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [];
    rows.push(
      fields
        .filter((field, i) => field !== '' || i < fields.length - 1)
        .map((field) =>
          field
            .replace(/,$/, '')
            .replace(/^"(.*)"$/, '$1')
            .replaceAll('""', '"'),
        ),
    );
  }
  return rows;
}

describeServer('work cycles and the route report', { users: ['admin', 'customer'] }, (fixture) => {
  let machineId: string;
  /** Names repeat in the demo fleet (one per model): rows are told apart by asset id. */
  let assetId: string;

  const report = async (token: string, query: string) => {
    const response = await fetch(`${fixture.server.url}/v1/portal/maps/routes/report?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, text: await response.text(), response };
  };

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    const [machine] = await fixture.server.db.query<{ asset_id: string }>(
      'UPDATE machine SET load_capacity_t = 20 WHERE id = $1 RETURNING asset_id',
      [machineId],
    );
    assetId = machine?.asset_id ?? '';
    await sendRecords(fixture.server, fleet.sourceId, haulRecords());
  });

  it('finds two haul cycles from the depot to the tip and back', async () => {
    const reply = await call<WorkCyclesReply>(
      fixture.server,
      'GET',
      `/v1/portal/maps/cycles/${machineId}?start=${DAY}&end=${DAY}`,
      { token: fixture.admin },
    );
    expect(reply.status).toBe(200);
    expect(Value.Check(WorkCyclesReply, reply.body)).toBe(true);
    const { cycles, routes, loadCapacityT } = reply.body;
    expect(loadCapacityT).toBe(20);
    expect(cycles).toHaveLength(2);
    for (const cycle of cycles) {
      expect(cycle.loadingPlace.name).toBe('Northbank Depot Park Royal');
      expect(cycle.dumpingPlace.name).toBeNull();
      expect(cycle.dumpingPlace.latitude).toBeCloseTo(TIP.latitude, 3);
      // 4 minutes there, 5 tipping, 4 back: the stop rules see each within a record or two.
      expect(Math.abs(cycle.durationS - 13 * 60)).toBeLessThanOrEqual(90);
      expect(cycle.haulS + cycle.dumpingS + cycle.returnS).toBeCloseTo(cycle.durationS, 6);
      expect(cycle.distanceM).toBeGreaterThan(1000);
      expect(cycle.payloadT).toBe(20);
    }
    expect(routes).toEqual([
      expect.objectContaining({ cycles: 2, payloadT: 40, loadingPlace: cycles[0]?.loadingPlace }),
    ]);
  });

  it('writes the five tables of the route report as CSV', async () => {
    const range = `start=${DAY}&end=${DAY}`;
    const summary = await report(fixture.admin, `${range}&type=SUMMARY_ROUTE`);
    expect(summary.status).toBe(200);
    expect(summary.response.headers.get('content-type')).toContain('text/csv');
    expect(summary.response.headers.get('content-disposition')).toContain(
      `routes-summary_route-${DAY}-${DAY}.csv`,
    );
    const summaryRows = csvRows(summary.text);
    expect(summaryRows[0]?.slice(0, 4)).toEqual(['Machine', 'Asset ID', 'Trips', 'Distance (km)']);
    const ours = summaryRows.find((row) => row[1] === assetId);
    expect(ours?.[2]).toBe('4');
    expect(ours?.[7]).toBe('2'); // work cycles

    const detail = csvRows(
      (await report(fixture.admin, `${range}&type=DETAIL_ROUTE&options=coordinates`)).text,
    );
    expect(detail[0]).toContain('End latitude');
    const trips = detail.filter((row) => row[1] === assetId);
    expect(trips).toHaveLength(4);
    expect(trips[0]?.[2]).toMatch(/^2026-11-10 08:0\d$/); // local time, GMT in November

    const kpi = csvRows((await report(fixture.admin, `${range}&type=WORK_CYCLES_KPI`)).text);
    expect(kpi[0]).toEqual([
      'Machine',
      'Asset ID',
      'Loading place',
      'Dumping place',
      'Cycles',
      'Mean cycle (min)',
      'Shortest cycle (min)',
      'Longest cycle (min)',
      'Mean distance (km)',
      'Payload (t)',
    ]);
    expect(kpi.filter((row) => row[1] === assetId).map((row) => [row[2], row[4], row[9]])).toEqual([
      ['Northbank Depot Park Royal', '2', '40.0'],
    ]);
    const cycles = csvRows(
      (await report(fixture.admin, `${range}&type=WORK_CYCLES_KPI_DETAIL`)).text,
    );
    expect(cycles.filter((row) => row[1] === assetId)).toHaveLength(2);

    // The default: the fleet's routes.
    const fleet = csvRows((await report(fixture.admin, range)).text);
    expect(fleet[0]?.slice(0, 4)).toEqual(['Loading place', 'Dumping place', 'Machines', 'Cycles']);
    expect(fleet.slice(1).map((row) => row.slice(2, 4))).toEqual([['1', '2']]);
  });

  it('writes a route table as a workbook too, its local times as dates', async () => {
    const query = `start=${DAY}&end=${DAY}&type=DETAIL_ROUTE`;
    const response = await fetch(
      `${fixture.server.url}/v1/portal/maps/routes/report?${query}&format=xlsx`,
      { headers: { authorization: `Bearer ${fixture.admin}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      `routes-detail_route-${DAY}-${DAY}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet(2);
    if (!sheet) throw new Error('no sheet of trips');
    const ours = sheet.getSheetValues().filter((row) => Array.isArray(row) && row[2] === assetId);
    expect(ours).toHaveLength(4);
    // Excel has no zones: the organisation's wall clock is written as that reading.
    const started = (ours[0] as ExcelJS.CellValue[])[3];
    expect(started).toBeInstanceOf(Date);
    expect((started as Date).toISOString()).toMatch(/^2026-11-10T08:0\d:00\.000Z$/);
  });

  it("leaves another organisation's machine out, and refuses malformed queries", async () => {
    const cycles = await call(
      fixture.server,
      'GET',
      `/v1/portal/maps/cycles/${machineId}?start=${DAY}`,
      {
        token: fixture.customer,
      },
    );
    expect(cycles.status).toBe(404);
    const theirs = csvRows(
      (await report(fixture.customer, `start=${DAY}&end=${DAY}&type=SUMMARY_ROUTE`)).text,
    );
    expect(theirs.some((row) => row[1] === assetId)).toBe(false);

    for (const [query, field] of [
      [`start=${DAY}&end=2026-11-01`, 'end'],
      ['start=2026-10-01&end=2026-11-20', 'end'],
      ['type=ROUTES', 'type'],
      ['options=colour', 'options'],
      ['site=nope', 'site'],
      ['filter=%25%25%25', 'filter'],
    ] as const) {
      const reply = await report(fixture.admin, query);
      expect(reply.status, query).toBe(400);
      expect(reply.text, query).toContain(field);
    }
    const bad = await call(fixture.server, 'GET', `/v1/portal/maps/cycles/nope`, {
      token: fixture.admin,
    });
    expect(bad.status).toBe(400);
  });
});
