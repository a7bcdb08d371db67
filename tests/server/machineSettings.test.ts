// The details screen's calls on one machine with a day of records: groups, load capacity, additional
// information, hour-meter corrections, image, fuel (settings, calibration, chart), health, profile,
// summaries, and rental utilisation against a hire contract; with who may write and bad input.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type {
  MachineDetailsReply,
  MachineHealthReply,
  MachineProfileReply,
  WorkActivityReply,
} from '../../src/domain/api/machineInfo.ts';
import type {
  FormDropDownValues,
  FuelCalibrationReply,
  FuelReply,
  FuelSettings,
  GroupsReply,
  MachineGroup,
  MachineSettings,
} from '../../src/domain/api/machineSettings.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { pngClaiming } from '../support/png.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10'; // a Tuesday, GMT
const MIN = 60_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describeServer('machine settings', { users: ['admin', 'viewer'] }, (fixture) => {
  let machineId: string;
  let foreignId: string;

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    foreignId = fleet.foreignId;
    // One hire contract of 8 hours a day over Monday to Wednesday, and no other.
    await fixture.server.db.query('DELETE FROM hire WHERE machine_id = $1', [machineId]);
    await fixture.server.db.query(
      `INSERT INTO hire (machine_id, rental_organisation_id, customer_name, contract_number, starts_at, ends_at)
       SELECT id, organisation_id, 'Ashdown Utilities Ltd', 'C-TEST-1', '2026-11-09T00:00:00Z', '2026-11-12T00:00:00Z'
         FROM machine WHERE id = $1`,
      [machineId],
    );
    // 07:00–09:00 working while the level falls from 50 % to 45 %, off at 09:00, refilled to 80 %
    // at 09:30 with the engine off.
    const start = Date.parse(`${DAY}T07:00:00Z`);
    const records = [
      ...Array.from({ length: 120 }, (_, i) => ({
        deviceTime: new Date(start + i * MIN).toISOString(),
        ignition: true,
        movement: true,
        engineRpm: 1600,
        fuelLevelPct: 50 - (5 * i) / 119,
        externalVoltageV: 27.8,
      })),
      { deviceTime: `${DAY}T09:00:00.000Z`, ignition: false, engineRpm: 0, fuelLevelPct: 45 },
      { deviceTime: `${DAY}T09:30:00.000Z`, ignition: false, engineRpm: 0, fuelLevelPct: 80 },
      { deviceTime: `${DAY}T10:00:00.000Z`, ignition: false, engineRpm: 0, fuelLevelPct: 80 },
    ];
    await sendRecords(fixture.server, fleet.sourceId, records);
  });

  const details = async () =>
    (
      await call<MachineDetailsReply>(fixture.server, 'GET', `/v1/portal/machines/${machineId}`, {
        token: fixture.admin,
      })
    ).body;
  const upload = (
    path: string,
    field: string,
    name: string,
    type: string,
    bytes: Buffer | string,
    token = fixture.admin,
  ) => {
    const form = new FormData();
    form.append(
      field,
      new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }),
      name,
    );
    return fetch(`${fixture.server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('measures rental utilisation against the contract’s working hours', async () => {
    const list = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=2026-11-09&end=2026-11-11&show=all&filter=${encodeURIComponent(
        encodeFilter({ machine: [machineId] }),
      )}`,
      { token: fixture.admin },
    );
    // 2 active hours of 3 contract days of 8 hours.
    const [row] = list.body.machines;
    expect(row?.activitySummary.rentalUtilisation.value).toBeCloseTo((2 / 24) * 100, 5);
    expect(list.body.summary.rentalUtilisation.value).toBeCloseTo((2 / 24) * 100, 5);
    expect(list.body.summary.activeHours.value).toBeCloseTo(2, 5);
    // Working utilisation counts from the first day with data: Tuesday and Wednesday, 16 hours.
    expect(list.body.summary.workingUtilisation.value).toBeCloseTo(12.5, 5);
  });

  it('puts a machine in a group, and only for the owner’s admin', async () => {
    const made = await call<MachineGroup>(fixture.server, 'POST', '/v1/portal/groups', {
      token: fixture.admin,
      body: { name: 'Night shift' },
    });
    expect(made.status).toBe(201);
    expect(
      (
        await call(fixture.server, 'POST', '/v1/portal/groups', {
          token: fixture.admin,
          body: { name: 'night SHIFT' },
        })
      ).status,
    ).toBe(409);
    const patch = (body: unknown, token = fixture.admin, id = machineId) =>
      call(fixture.server, 'PATCH', `/v1/portal/machines/${id}/groups`, { token, body });
    expect((await patch({ groupId: made.body.id })).status).toBe(200);
    const groups = await call<GroupsReply>(fixture.server, 'GET', '/v1/portal/groups', {
      token: fixture.admin,
    });
    expect(groups.body.groups.find((g) => g.id === made.body.id)?.numberOfMachines).toBe(1);
    const machine = await details();
    expect([machine.group, machine.settings.groupId]).toEqual(['Night shift', made.body.id]);
    expect((await patch({ groupId: made.body.id }, fixture.viewer)).status).toBe(403);
    expect((await patch({ groupId: made.body.id }, fixture.admin, foreignId)).status).toBe(404);
    const bad = await call<ApiError>(
      fixture.server,
      'PATCH',
      `/v1/portal/machines/${machineId}/groups`,
      {
        token: fixture.admin,
        body: { groupId: '00000000-0000-4000-8000-000000000000' },
      },
    );
    expect([bad.status, bad.body.field]).toEqual([400, 'groupId']);
    // PUT names a group; a new name makes the group.
    await call(fixture.server, 'PUT', `/v1/machines/${machineId}`, {
      token: fixture.admin,
      body: { group: 'Tunnelling' },
    });
    expect((await details()).group).toBe('Tunnelling');
    expect((await patch({ groupId: null })).status).toBe(200);
    expect((await details()).group).toBeNull();
  });

  it('renames and deletes a group; its machines leave it and stay in the fleet', async () => {
    const made = await call<MachineGroup>(fixture.server, 'POST', '/v1/portal/groups', {
      token: fixture.admin,
      body: { name: 'Day shift' },
    });
    await call(fixture.server, 'POST', '/v1/portal/groups', {
      token: fixture.admin,
      body: { name: 'Piling' },
    });
    await call(fixture.server, 'PATCH', `/v1/portal/machines/${machineId}/groups`, {
      token: fixture.admin,
      body: { groupId: made.body.id },
    });
    const put = (body: unknown, token = fixture.admin, id = made.body.id) =>
      call<MachineGroup & ApiError>(fixture.server, 'PUT', `/v1/portal/groups/${id}`, {
        token,
        body,
      });
    expect((await put({ name: 'Early shift' })).body).toEqual({
      id: made.body.id,
      name: 'Early shift',
      numberOfMachines: 1,
    });
    expect((await details()).group).toBe('Early shift');
    expect((await put({ name: 'piling' })).status).toBe(409);
    expect((await put({ name: '  ' })).body.field).toBe('name');
    expect((await put({ name: 'X' }, fixture.viewer)).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await put({ name: 'X' }, fixture.admin, unknown)).status).toBe(404);
    const remove = (token = fixture.admin, id = made.body.id) =>
      call(fixture.server, 'DELETE', `/v1/portal/groups/${id}`, { token });
    expect((await remove(fixture.viewer)).status).toBe(403);
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(404);
    const machine = await details();
    expect([machine.group, machine.archived]).toEqual([null, null]);
  });

  it('makes one group of a name asked for many times at once; the others get 409, not 500', async () => {
    // Found by sweep:deep on PGlite: the name was checked free, then taken, then inserted.
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(fixture.server, 'POST', '/v1/portal/groups', {
          token: fixture.admin,
          body: { name: 'Crushing' },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const named = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call(fixture.server, 'PUT', `/v1/machines/${machineId}`, {
          token: fixture.admin,
          body: { group: i % 2 ? 'Screening' : 'screening' },
        }),
      ),
    );
    expect(named.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const groups = await call<GroupsReply>(fixture.server, 'GET', '/v1/portal/groups', {
      token: fixture.admin,
    });
    expect(groups.body.groups.filter((g) => /^screening$/i.test(g.name))).toHaveLength(1);
  });

  it('keeps load capacity and additional information, refusing what does not fit', async () => {
    const capacity = (body: unknown, token = fixture.admin) =>
      call<ApiError>(fixture.server, 'PATCH', `/v1/portal/machines/${machineId}/load_capacity`, {
        token,
        body,
      });
    expect((await capacity({ capacity: 12.5 })).status).toBe(200);
    expect((await capacity({ capacity: -1 })).body.field).toBe('capacity');
    expect((await capacity({ capacity: 3 }, fixture.viewer)).status).toBe(403);
    expect((await details()).settings.loadCapacity).toBe(12.5);

    const values = await call<FormDropDownValues>(
      fixture.server,
      'GET',
      '/v1/portal/machines/additional-information/form-drop-down-values',
      { token: fixture.viewer },
    );
    expect(values.body.fuelType).toContain('diesel');
    expect(values.body.emissionStandard).toContain('Stage V');
    const info = (body: unknown) =>
      call<MachineSettings & ApiError>(
        fixture.server,
        'PATCH',
        `/v1/portal/machines/${machineId}/additional-information`,
        {
          token: fixture.admin,
          body,
        },
      );
    const saved = await info({
      emissionStandard: 'Stage V',
      enginePowerKw: 55,
      purchaseDate: '2024-03-01',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.additionalInformation).toMatchObject({
      fuelType: 'diesel',
      emissionStandard: 'Stage V',
      enginePowerKw: 55,
      purchaseDate: '2024-03-01',
    });
    expect((await info({ fuelType: 'kerosene' })).body.field).toBe('fuelType');
    expect((await info({ emissionStandard: 'Stage IX' })).body.field).toBe('emissionStandard');
    expect((await info({ purchaseDate: '01-03-2024' })).body.field).toBe('purchaseDate');
    expect((await info({ colour: 'yellow' })).status).toBe(400);
  });

  it('corrects the hour meter on both paths and counts engine hours after the reading', async () => {
    const vhm = (path: string, body: unknown) =>
      call<MachineSettings & ApiError>(fixture.server, 'PATCH', path, {
        token: fixture.admin,
        body,
      });
    const reading = await vhm(`/v1/portal/machines/${machineId}/vhm`, {
      time: `${DAY}T08:00:00Z`,
      value: 1000,
      timezone: 'Europe/London',
    });
    expect(reading.status).toBe(200);
    expect(reading.body.hourMeterReading).toEqual({ time: `${DAY}T08:00:00.000Z`, value: 1000 });
    // The hour from 08:00 to 09:00 ran after the reading.
    expect((await details()).hourMeter).toBeCloseTo(1001, 5);
    const later = await vhm(`/v1/machines/${machineId}/vhm`, {
      time: `${DAY}T12:00:00Z`,
      value: 1500,
      timezone: 'Europe/London',
    });
    expect(later.status).toBe(200);
    expect((await details()).hourMeter).toBeCloseTo(1500, 5);
    expect(
      (
        await vhm(`/v1/machines/${machineId}/vhm`, {
          time: '2999-01-01T00:00:00Z',
          value: 1,
          timezone: 'UTC',
        })
      ).body.field,
    ).toBe('time');
    expect(
      (
        await vhm(`/v1/machines/${machineId}/vhm`, {
          time: `${DAY}T12:00:00Z`,
          value: 1,
          timezone: 'Mars/Olympus',
        })
      ).body.field,
    ).toBe('timezone');
    expect(
      (await vhm(`/v1/machines/${machineId}/vhm`, { time: `${DAY}T12:00:00Z`, timezone: 'UTC' }))
        .body.field,
    ).toBe('value');
  });

  it('takes an image, refuses what is not one, and serves it without a token', async () => {
    const path = `/v1/machines/${machineId}/image`;
    const taken = await upload(path, 'image', 'digger.png', 'image/png', PNG);
    expect(taken.status).toBe(200);
    const { imageUrl } = (await taken.json()) as { imageUrl: string };
    const served = await fetch(`${fixture.server.url}${imageUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await details()).imageUrl).toBe(imageUrl);

    const text = await upload(path, 'image', 'digger.png', 'image/png', 'not an image at all');
    expect(text.status).toBe(415);
    const huge = await upload(
      path,
      'image',
      'huge.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(5_000_001)]),
    );
    expect(huge.status).toBe(413);
    // A few kilobytes whose header claims more pixels than any browser should decode.
    const claiming = await upload(path, 'image', 'a.png', 'image/png', pngClaiming(16_000, 16_000));
    expect(claiming.status).toBe(400);
    expect(((await claiming.json()) as ApiError).message).toMatch(/16000×16000.*12000 wide/);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    expect((await upload(path, 'image', 'a.svg', 'image/svg+xml', svg)).status).toBe(415);
    expect((await upload(path, 'image', 'x.png', 'image/png', PNG, fixture.viewer)).status).toBe(
      403,
    );
    // The failed uploads left the image as it was.
    expect((await details()).imageUrl).toBe(imageUrl);
  });

  it('turns a calibrated level into litres, and finds the refill by the fuel settings', async () => {
    const fuel = async () =>
      (
        await call<FuelReply>(
          fixture.server,
          'GET',
          `/v1/portal/fuel/${machineId}?startDate=${DAY}&endDate=${DAY}`,
          {
            token: fixture.admin,
          },
        )
      ).body;
    // A percent-only sensor has no litres until its tank is calibrated.
    expect((await fuel()).levels).toHaveLength(0);

    const path = `/v1/portal/machines/${machineId}/fuel/calibration`;
    const bad = await upload(
      path,
      'file',
      'tank.csv',
      'text/csv',
      'level_percent,litres\n0,0\n50,abc\n40,90\n100,200\n',
    );
    expect(bad.status).toBe(400);
    const error = (await bad.json()) as ApiError;
    expect(error.rows).toEqual([{ row: 3, message: expect.stringContaining('litres') }]);
    const refused = await upload(
      path,
      'file',
      'tank.csv',
      'text/csv',
      'level_percent,litres\n0,0\n60,120\n40,90\n',
    );
    expect(((await refused.json()) as ApiError).rows?.[0]?.row).toBe(4);

    const template = await fetch(
      `${fixture.server.url}/v1/portal/machines/fuel/calibration/template`,
      {
        headers: { authorization: `Bearer ${fixture.admin}` },
      },
    );
    expect(await template.text()).toMatch(/^level_percent,litres/);

    const good = await upload(
      path,
      'file',
      'tank.csv',
      'text/csv',
      'level_percent,litres\n0,0\n100,200\n',
    );
    expect(good.status).toBe(200);
    const stored = await call<FuelCalibrationReply>(fixture.server, 'GET', path, {
      token: fixture.viewer,
    });
    expect(stored.body).toMatchObject({
      fileName: 'tank.csv',
      points: [
        { levelPercent: 0, litres: 0 },
        { levelPercent: 100, litres: 200 },
      ],
    });
    await fixture.server.rollups.drain();
    const calibrated = await fuel();
    expect(calibrated.levels[0]?.litres).toBeCloseTo(100, 5);
    expect(calibrated.refills).toHaveLength(1);
    expect(calibrated.refills[0]?.litres).toBeCloseTo(70, 5);
    expect(calibrated.days[0]?.fuelL).toBeCloseTo(10, 1);

    const settings = (method: string, query = '', body?: unknown, token = fixture.admin) =>
      call<FuelSettings & ApiError>(
        fixture.server,
        method,
        `/v1/portal/machines/${machineId}/fuel/settings${query}`,
        {
          token,
          body,
        },
      );
    expect((await settings('GET')).body).toEqual({
      min_refuelling_amount: 10,
      min_dipping_amount: 15,
    });
    expect(
      (await settings('PUT', '', { min_refuelling_amount: 100, min_dipping_amount: 15 })).status,
    ).toBe(200);
    expect(
      (await settings('PUT', '', { min_refuelling_amount: 0, min_dipping_amount: 15 })).body.field,
    ).toBe('min_refuelling_amount');
    expect(
      (
        await settings(
          'PUT',
          '',
          { min_refuelling_amount: 5, min_dipping_amount: 5 },
          fixture.viewer,
        )
      ).status,
    ).toBe(403);
    await fixture.server.rollups.drain();
    expect((await fuel()).refills).toHaveLength(0);
    expect((await settings('GET', '?reset=true')).body).toEqual({
      min_refuelling_amount: 10,
      min_dipping_amount: 15,
    });
    expect((await settings('GET', '?reset=true', undefined, fixture.viewer)).status).toBe(403);
    await fixture.server.rollups.drain();
    expect((await fuel()).refills).toHaveLength(1);
  });

  it('tells the health of its sources, what it is, and when it works', async () => {
    const health = await call<MachineHealthReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${machineId}/health`,
      {
        token: fixture.admin,
      },
    );
    expect(health.status).toBe(200);
    expect(health.body.sources[0]).toMatchObject({ type: 'TELTONIKA', status: 'silent' });
    const profile = await call<MachineProfileReply>(
      fixture.server,
      'GET',
      `/v1/machines/${machineId}/profile`,
      {
        token: fixture.admin,
      },
    );
    expect(profile.body).toMatchObject({
      id: machineId,
      fuelType: 'diesel',
      firstDataDay: DAY,
      timezone: 'Europe/London',
    });
    const work = await call<WorkActivityReply>(
      fixture.server,
      'GET',
      `/v1/machines/${machineId}/work_activity?startDate=2026-11-09&endDate=2026-11-15`,
      { token: fixture.admin },
    );
    // Tuesday 07:00–09:00 GMT.
    expect(work.body.activeHours[1]?.slice(6, 10)).toEqual([0, 1, 1, 0]);
    const summary = await call<{ activitySummary: MachineDetailsReply['activitySummary'] }>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${machineId}/activity/summary?start=${DAY}&end=${DAY}`,
      { token: fixture.admin },
    );
    expect(summary.body.activitySummary.activeHours.value).toBeCloseTo(2, 5);
    for (const path of [
      `/v1/portal/machines/${foreignId}/health`,
      `/v1/machines/${foreignId}/profile`,
      `/v1/machines/${foreignId}/work_activity`,
      `/v1/portal/fuel/${foreignId}`,
      `/v1/portal/machines/${foreignId}/fuel/settings`,
    ]) {
      expect((await call(fixture.server, 'GET', path, { token: fixture.admin })).status, path).toBe(
        404,
      );
    }
    expect(
      (
        await call<ApiError>(
          fixture.server,
          'GET',
          `/v1/machines/${machineId}/work_activity?startDate=2026-01-01&endDate=2026-11-01`,
          { token: fixture.admin },
        )
      ).body.field,
    ).toBe('endDate');
  });
});
