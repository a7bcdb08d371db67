// Changing a machine and archiving it, with who may: the owner's admin; not a viewer, not the
// customer it is hired to, and nobody from another organisation.
// @clock-relative: reads the clock for 'in the future', a day ahead, refused on any date.
import { beforeAll, expect, it } from 'vitest';
import type { MachineListReply, MachineRow } from '../../src/domain/api/machines.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('machine writes', { users: ['admin'] }, (fixture) => {
  let machineId: string;
  let hiredToHarrow: string;
  let foreignId: string;

  beforeAll(async () => {
    const id = async (sql: string) =>
      (await fixture.server.db.query<{ id: string }>(sql))[0]?.id ?? '';
    machineId = await id(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL ORDER BY m.asset_id LIMIT 1`,
    );
    hiredToHarrow = await id(
      `SELECT h.machine_id AS id FROM hire h JOIN organisation o ON o.id = h.customer_organisation_id
        WHERE o.name = 'Harrow Civil Engineering' LIMIT 1`,
    );
    foreignId = await id(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Meridian Build Group' LIMIT 1`,
    );
  });

  const put = (body: unknown, token = fixture.admin, id = machineId) =>
    call<MachineRow & { field?: string }>(fixture.server, 'PUT', `/v1/machines/${id}`, {
      token,
      body,
    });

  it('changes the descriptors it is given and keeps the rest', async () => {
    const before = await put({ note: 'Serviced in October' });
    expect(before.status).toBe(200);
    const reply = await put({ name: 'Excavator 14', assetId: 'NPH-9001', manufacturingYear: 2022 });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: machineId,
      name: 'Excavator 14',
      assetID: 'NPH-9001',
      manufacturingYear: 2022,
      note: 'Serviced in October',
    });
    const cleared = await put({ note: null });
    expect(cleared.body.note).toBeNull();
  });

  it('names the field of a bad change', async () => {
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ manufacturingYear: 1800 }, 'manufacturingYear'],
      [{ colour: 'red' }, undefined],
      [{}, undefined],
    ] as const) {
      const reply = await put(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(reply.body)).toContain(field);
    }
  });

  it('lets only the owner’s admin change a machine', async () => {
    const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    expect((await put({ note: 'x' }, viewer)).status).toBe(403);
    const customer = (await signIn(fixture.server, 'harrow@demo.example')).token;
    expect((await put({ note: 'x' }, customer, hiredToHarrow)).status).toBe(403);
    expect((await put({ note: 'x' }, fixture.admin, foreignId)).status).toBe(404);
    expect(
      (
        await call(fixture.server, 'POST', `/v1/machines/${machineId}/archive`, {
          token: viewer,
          body: {},
        })
      ).status,
    ).toBe(403);
  });

  it('archives a machine out of the fleet and back', async () => {
    const archive = (body: unknown) =>
      call<MachineRow>(fixture.server, 'POST', `/v1/machines/${machineId}/archive`, {
        token: fixture.admin,
        body,
      });
    const future = await archive({ time: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.status).toBe(400);
    const archived = await archive({ time: '2026-11-01T12:00:00.000Z', timezone: 'Europe/London' });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe('2026-11-01T12:00:00.000Z');
    expect((await archive({})).status).toBe(409);
    const fleet = await call<MachineListReply>(
      fixture.server,
      'GET',
      '/v1/portal/machines/list?start=max&end=max',
      {
        token: fixture.admin,
      },
    );
    expect(fleet.body.machines.map((m) => m.id)).not.toContain(machineId);

    const unarchive = () =>
      call<MachineRow>(fixture.server, 'POST', `/v1/machines/${machineId}/unarchive`, {
        token: fixture.admin,
      });
    const back = await unarchive();
    expect([back.status, back.body.archived]).toEqual([200, null]);
    expect((await unarchive()).status).toBe(409);
  });
});
