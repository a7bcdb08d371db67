// /v1/portal/sites: create, read, update and delete with circle and polygon geofences; tenancy,
// viewers, validation naming the field, unique codes, and sites in use kept.
import { expect, it } from 'vitest';
import Value from 'typebox/value';
import { Site, SitesReply, type SiteBody } from '../../src/domain/api/sites.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const square: SiteBody['geofence'] = {
  type: 'polygon',
  points: [
    { latitude: 51.5, longitude: -0.2 },
    { latitude: 51.5, longitude: -0.1 },
    { latitude: 51.6, longitude: -0.1 },
    { latitude: 51.6, longitude: -0.2 },
  ],
};

describeServer('sites', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  const sites = (token: string, method = 'GET', path = '', body?: unknown) =>
    call<Site & SitesReply & { field?: string; message: string }>(
      fixture.server,
      method,
      `/v1/portal/sites${path}`,
      { token, body },
    );

  it("lists the organisation's own sites with their geofences", async () => {
    const reply = await sites(fixture.admin);
    expect(reply.status).toBe(200);
    expect(Value.Check(SitesReply, reply.body)).toBe(true);
    expect(reply.body.sites.map((s) => s.code).sort()).toEqual(['NPH-DA', 'NPH-PR']);
    const depot = reply.body.sites.find((s) => s.code === 'NPH-PR');
    expect(depot?.geofence).toEqual({
      type: 'circle',
      centre: { latitude: 51.529, longitude: -0.276 },
      radiusM: 250,
    });
    expect(depot?.timezone).toBe('Europe/London');
    // Another organisation's sites are neither listed nor found.
    const theirs = (await sites(fixture.customer)).body.sites;
    expect(theirs.every((s) => s.code?.startsWith('HCE-'))).toBe(true);
    expect((await sites(fixture.customer, 'GET', `/${depot?.id}`)).status).toBe(404);
  });

  it('creates a polygon site, changes it to a circle, and deletes it', async () => {
    const created = await sites(fixture.admin, 'POST', '', {
      name: ' Wembley Park Plot 4 ',
      code: 'NPH-WP4',
      customer: 'Ashdown Utilities Ltd',
      timezone: 'Europe/Dublin',
      geofence: square,
    });
    expect(created.status).toBe(201);
    expect(Value.Check(Site, created.body)).toBe(true);
    expect(created.body).toMatchObject({
      name: 'Wembley Park Plot 4',
      code: 'NPH-WP4',
      customer: 'Ashdown Utilities Ltd',
      timezone: 'Europe/Dublin',
      geofence: square,
    });
    expect(created.body.centre?.latitude).toBeCloseTo(51.55, 6);
    expect(created.body.centre?.longitude).toBeCloseTo(-0.15, 6);
    const id = created.body.id;

    const circle = { type: 'circle', centre: { latitude: 51.56, longitude: -0.28 }, radiusM: 400 };
    const updated = await sites(fixture.admin, 'PUT', `/${id}`, {
      name: 'Wembley Park Plot 4',
      code: 'NPH-WP4',
      timezone: null,
      geofence: circle,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      geofence: circle,
      customer: null,
      timezone: 'Europe/London',
    });
    expect((await sites(fixture.admin, 'GET', `/${id}`)).body.geofence).toEqual(circle);

    expect((await sites(fixture.admin, 'DELETE', `/${id}`)).status).toBe(204);
    expect((await sites(fixture.admin, 'GET', `/${id}`)).status).toBe(404);
  });

  it('refuses a bad site naming the field, and keeps the old one', async () => {
    const depot = (await sites(fixture.admin)).body.sites.find((s) => s.code === 'NPH-PR') as Site;
    const body = { name: depot.name, code: depot.code, geofence: depot.geofence };
    const bowtie = {
      type: 'polygon',
      points: [
        { latitude: 51.5, longitude: -0.2 },
        { latitude: 51.6, longitude: -0.1 },
        { latitude: 51.5, longitude: -0.1 },
        { latitude: 51.6, longitude: -0.2 },
      ],
    };
    for (const [change, field] of [
      [{ geofence: bowtie }, 'geofence.points'],
      [{ geofence: { ...square, points: square.points.slice(0, 2) } }, 'geofence.points'],
      [
        { geofence: { type: 'circle', centre: { latitude: 95, longitude: 0 }, radiusM: 100 } },
        'geofence.centre',
      ],
      [
        { geofence: { type: 'circle', centre: { latitude: 51, longitude: 0 }, radiusM: 0 } },
        'geofence.radiusM',
      ],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ name: '   ' }, 'name'],
      [{ code: 'NPH-DA' }, 'code'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const reply = await sites(fixture.admin, 'PUT', `/${depot.id}`, { ...body, ...change });
      expect(reply.status, JSON.stringify(change)).toBe(field === 'code' ? 409 : 400);
      expect(JSON.stringify(reply.body), JSON.stringify(change)).toContain(field);
    }
    expect((await sites(fixture.admin, 'GET', `/${depot.id}`)).body).toEqual(depot);
  });

  it('lets viewers read but not write, and keeps a site machines stand on', async () => {
    const [depot] = (await sites(fixture.viewer)).body.sites;
    expect(depot).toBeDefined();
    const write = await sites(fixture.viewer, 'POST', '', { name: 'Nope', geofence: square });
    expect(write.status).toBe(403);
    const kept = await sites(fixture.admin, 'DELETE', `/${depot?.id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toMatch(/machine/);
    expect((await sites(fixture.admin, 'GET', `/${depot?.id}`)).status).toBe(200);
    expect((await call(fixture.server, 'GET', '/v1/portal/sites')).status).toBe(401);
  });
});
