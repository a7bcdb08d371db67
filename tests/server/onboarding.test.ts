// Onboarding a device that reported before it was assigned: found by its code, attached to a new
// machine with the organisation's mandatory fields, and its earlier records counted for it.
import { beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type { MachineDetailsReply } from '../../src/domain/api/machineInfo.ts';
import type { OnboardReply, UnassignedSourcesReply } from '../../src/domain/api/onboarding.ts';
import { DEMO_UNASSIGNED_DEVICES } from '../../server/demo/seed.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10';
const CODE = '357309059999001';
const CLAIM = 'A1B2C-3D4E5';

describeServer('onboarding', { users: ['admin', 'staff'] }, (fixture) => {
  let foreignId: string;

  beforeAll(async () => {
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, short_code, claim_code) VALUES ('TELTONIKA', $1, 'T-9001', $2)
       RETURNING id`,
      [CODE, CLAIM],
    );
    foreignId = (await demoMachines(fixture.server)).foreignId;
    // An hour of work before anyone assigned the tracker.
    const start = Date.parse(`${DAY}T08:00:00Z`);
    const records = [
      ...Array.from({ length: 61 }, (_, i) => ({
        deviceTime: new Date(start + i * 60_000).toISOString(),
        ignition: true,
        movement: true,
        engineRpm: 1500,
      })),
      { deviceTime: `${DAY}T09:01:00.000Z`, ignition: false, engineRpm: 0 },
    ];
    await sendRecords(fixture.server, source?.id ?? '', records);
    await fixture.server.db.query(
      `UPDATE organisation SET settings = settings || '{"mandatoryFields": ["assetId"]}'::jsonb
        WHERE name = 'Northbank Plant Hire'`,
    );
  });

  const onboard = (body: unknown, token = fixture.admin) =>
    call<OnboardReply & ApiError>(fixture.server, 'POST', '/v1/portal/machines/onboard', {
      token,
      body,
    });

  it('finds the device by its code or short code with the claim code on its label, and lists it for staff only', async () => {
    const found = await call(
      fixture.server,
      'GET',
      `/v1/portal/sources/unassigned/t-9001?claimCode=a1b2c3d4e5`,
      { token: fixture.admin },
    );
    expect(found.body).toMatchObject({ code: CODE, records: 62 });
    expect(found.body).not.toHaveProperty('claimCode');
    // Without the claim code, or with a wrong one, the device is not there: codes are sequential.
    for (const query of ['', '?claimCode=A1B2C-3D4E6']) {
      const hidden = await call(
        fixture.server,
        'GET',
        `/v1/portal/sources/unassigned/${CODE}${query}`,
        {
          token: fixture.admin,
        },
      );
      expect(hidden.status).toBe(404);
    }
    // Staff need none, and see the claim code to print on the label.
    const forStaff = await call(fixture.server, 'GET', `/v1/portal/sources/unassigned/${CODE}`, {
      token: fixture.staff,
    });
    expect(forStaff.body).toMatchObject({ code: CODE, claimCode: CLAIM });
    // A customer or a viewer holding the claim code learns what the device is, not its history.
    for (const email of ['harrow@demo.example', 'viewer@demo.example']) {
      const token = (await signIn(fixture.server, email)).token;
      const plain = await call(
        fixture.server,
        'GET',
        `/v1/portal/sources/unassigned/${CODE}?claimCode=${CLAIM}`,
        { token },
      );
      expect(plain.body, email).toMatchObject({
        code: CODE,
        records: null,
        firstSeenAt: null,
        lastSeenAt: null,
      });
    }
    const list = await call<UnassignedSourcesReply>(
      fixture.server,
      'GET',
      '/v1/portal/sources/unassigned',
      {
        token: fixture.staff,
      },
    );
    expect(list.body.sources.map((s) => s.code)).toContain(CODE);
    // The demo keeps two devices in stock for trying this out.
    for (const [, code] of DEMO_UNASSIGNED_DEVICES) {
      expect(list.body.sources.map((s) => s.code)).toContain(code);
    }
    expect(
      (await call(fixture.server, 'GET', '/v1/portal/sources/unassigned', { token: fixture.admin }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(fixture.server, 'GET', '/v1/portal/sources/unassigned/nope', {
          token: fixture.admin,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses what it cannot do, naming the field', async () => {
    expect(
      (await onboard({ sensor: 'nope', claimCode: CLAIM, machine: { name: 'X', assetId: 'A' } }))
        .status,
    ).toBe(404);
    // Claiming without the claim code finds nothing to claim.
    expect((await onboard({ sensor: CODE, machine: { name: 'X', assetId: 'A' } })).status).toBe(
      404,
    );
    const missing = await onboard({
      sensor: CODE,
      claimCode: CLAIM,
      machine: { name: 'Roller 7' },
    });
    expect([missing.status, missing.body.field]).toEqual([400, 'machine.assetId']);
    const both = await onboard({
      sensor: CODE,
      claimCode: CLAIM,
      machineId: foreignId,
      machine: { name: 'X' },
    });
    expect([both.status, both.body.field]).toEqual([400, 'machineId']);
    expect((await onboard({ sensor: CODE, claimCode: CLAIM, machineId: foreignId })).status).toBe(
      404,
    );
    const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    expect(
      (
        await onboard(
          { sensor: CODE, claimCode: CLAIM, machine: { name: 'X', assetId: 'A' } },
          viewer,
        )
      ).status,
    ).toBe(403);
  });

  it('makes the machine and counts the records stored before', async () => {
    const made = await onboard({
      sensor: CODE,
      claimCode: CLAIM,
      machine: { name: 'Bomag BW 120', assetId: 'NPH-9100', category: 'Roller' },
    });
    expect(made.status).toBe(201);
    expect(made.body.records).toBe(62);
    await fixture.server.rollups.drain();
    const machine = await call<MachineDetailsReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${made.body.machineId}?start=${DAY}&end=${DAY}`,
      { token: fixture.admin },
    );
    expect(machine.body).toMatchObject({
      name: 'Bomag BW 120',
      assetID: 'NPH-9100',
      owner: 'Northbank Plant Hire',
    });
    expect(machine.body.sources.map((s) => s.code)).toEqual([CODE]);
    // Working from 08:00 until the engine stopped at 09:01.
    expect(machine.body.activitySummary.activeHours.value).toBeCloseTo(61 / 60, 5);
    // Assigned now: whoever holds its label is told where it is, and it is not onboarded twice.
    const machines = async () =>
      (await fixture.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM machine'))[0]
        ?.n;
    const before = await machines();
    expect(
      await onboard({ sensor: CODE, claimCode: CLAIM, machine: { name: 'Again', assetId: 'B' } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'The device is on Bomag BW 120 already' },
    });
    expect(await machines()).toBe(before);
    // A wrong claim code still learns nothing.
    expect(
      (
        await onboard({
          sensor: CODE,
          claimCode: 'WRONG-CODE1',
          machine: { name: 'Again', assetId: 'B' },
        })
      ).status,
    ).toBe(404);
  });
});
