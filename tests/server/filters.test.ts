// The filter categories with options from the organisation's machines, the list filtered by them,
// and saved filters.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { expect, it } from 'vitest';
import type { FiltersReply, SavedFiltersReply } from '../../src/domain/api/filters.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { FILTER_CATEGORIES } from '../../src/domain/filters.ts';
import { DEMO_USERS } from '../../server/demo/seed.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('filters', { users: ['admin'] }, (fixture) => {
  const list = (filter: string) =>
    call<MachineListReply & { field?: string }>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=max&end=max&filter=${encodeURIComponent(filter)}`,
      { token: fixture.admin },
    );

  it('offers the 22 categories of the spec and the hour meter, with options from the fleet', async () => {
    const reply = await call<FiltersReply>(
      fixture.server,
      'GET',
      '/v1/portal/filters?page=machines',
      {
        token: fixture.admin,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.filters.map((f) => f.id)).toEqual(FILTER_CATEGORIES.map((c) => c.key));
    const options = (id: string) => reply.body.filters.find((f) => f.id === id)?.options ?? [];
    expect(options('customer').map((o) => o.name)).toContain('Harrow Civil Engineering');
    expect(
      options('source')
        .map((o) => o.key)
        .sort(),
    ).toEqual(['LORA', 'TELTONIKA']);
    expect(options('machine')).toHaveLength(41);
    expect(options('status').map((o) => o.key)).toEqual(['active', 'archived', 'brokendown']);
    // The demo's one shift, Northbank's default, applies to every machine without a site shift.
    expect(options('shift').map((o) => o.name)).toEqual(['Standard day']);
    expect(options('siteShift')).toEqual([]);
    expect(options('oem')[0]).toMatchObject({ group: 'oem', id: `oem:${options('oem')[0]?.key}` });
  });

  it('offers a contractor no customer categories: it hires out to no one', async () => {
    const customer = (await signIn(fixture.server, DEMO_USERS.customer)).token;
    const reply = await call<FiltersReply>(
      fixture.server,
      'GET',
      '/v1/portal/filters?page=machines',
      {
        token: customer,
      },
    );
    const ids = reply.body.filters.map((f) => f.id);
    expect(ids).not.toContain('customer');
    expect(ids).not.toContain('customerCode');
    expect(ids).toContain('hiredStatus');
    expect(ids).toHaveLength(FILTER_CATEGORIES.length - 2);
  });

  it('filters the list by each kind of option', async () => {
    const lora = await list('source:LORA');
    expect(lora.body.total).toBeGreaterThan(0);
    for (const machine of lora.body.machines) {
      expect(machine.sources.map((s) => s.type)).toContain('LORA');
    }
    const none = await list('telematics:none');
    expect(none.body.total).toBeGreaterThan(0);
    for (const machine of none.body.machines) expect(machine.sources).toEqual([]);
    const broken = await list('status:brokendown');
    expect(broken.body.machines.map((m) => m.breakdown)).toEqual([true, true]);
    // Keys of one group are alternatives; groups all hold.
    const both = await list('source:LORA,TELTONIKA|telematics:fitted');
    expect(both.body.total).toBe(lora.body.total + (await list('source:TELTONIKA')).body.total);
    const silent = await list(
      'sourceStatus:never|lastReportedActivity:never|lastReportedLocation:never',
    );
    expect(silent.status, JSON.stringify(silent.body)).toBe(200);
  });

  it('names the filter for keys it does not know', async () => {
    for (const filter of ['shift:early', 'status:sleeping', 'colour:red', 'nocolon']) {
      const reply = await list(filter);
      expect([reply.status, reply.body.field], filter).toEqual([400, 'filter']);
    }
  });

  it('saves, replaces, lists and deletes a filter per page label and name', async () => {
    const save = (filters: string) =>
      call<{ filterID: string; name: string; field?: string }>(
        fixture.server,
        'POST',
        '/v1/portal/filters/saved?name=Lighting%20on%20hire&label=machines',
        { token: fixture.admin, body: { filters } },
      );
    const first = await save('hiredStatus:ON_HIRE');
    expect(first.status).toBe(200);
    expect(first.body.name).toBe('Lighting on hire');
    const second = await save('hiredStatus:ON_HIRE|source:LORA');
    expect(second.body.filterID).toBe(first.body.filterID);
    const bad = await save('nocolon');
    expect([bad.status, bad.body.field]).toEqual([400, 'filters']);

    const saved = await call<SavedFiltersReply>(
      fixture.server,
      'GET',
      '/v1/portal/filters/saved?label=machines',
      { token: fixture.admin },
    );
    expect(saved.body.savedFilters).toEqual([
      {
        filterID: first.body.filterID,
        name: 'Lighting on hire',
        label: 'machines',
        filters: 'hiredStatus:ON_HIRE|source:LORA',
      },
    ]);
    // Another user sees none of them, and cannot ask for someone else's.
    const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    const theirs = await call<SavedFiltersReply>(
      fixture.server,
      'GET',
      '/v1/portal/filters/saved',
      {
        token: viewer,
      },
    );
    expect(theirs.body.savedFilters).toEqual([]);
    const [adminUser] = await fixture.server.db.query<{ id: string }>(
      "SELECT id FROM app_user WHERE email = 'admin@demo.example'",
    );
    const prying = await call(
      fixture.server,
      'GET',
      `/v1/portal/filters/saved?user_id=${adminUser?.id}`,
      {
        token: viewer,
      },
    );
    expect(prying.status).toBe(403);

    const path = '/v1/portal/filters/saved?name=Lighting%20on%20hire&label=machines';
    expect((await call(fixture.server, 'DELETE', path, { token: fixture.admin })).status).toBe(204);
    expect((await call(fixture.server, 'DELETE', path, { token: fixture.admin })).status).toBe(404);
  });
});
