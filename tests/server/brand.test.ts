// Brand configuration (spec points 3, 5, 7): an admin's logo and colours reach every user of the
// organisation and no one else; each rule refuses with the field named and keeps the old brand.
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type { PublicBrandReply } from '../../src/domain/api/organisations.ts';
import type { UserSettingsReply } from '../../src/domain/api/session.ts';
import { DEFAULT_BRAND_CONFIGURATION, type BrandConfiguration } from '../../src/domain/brand.ts';
import { DEMO_USERS } from '../../server/demo/seed.ts';
import { pngClaiming, pngOf } from '../support/png.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('brand configuration', { users: ['admin'] }, (fixture) => {
  const form = (fields: Record<string, string>, logo?: { bytes: Buffer; name?: string }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (logo)
      body.append('logoFile', new Blob([new Uint8Array(logo.bytes)]), logo.name ?? 'logo.png');
    return body;
  };
  const save = (body: FormData | string, token = fixture.admin) =>
    fetch(`${fixture.server.url}/v1/portal/brandconfig`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
  const settingsOf = async (token: string) =>
    (await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', { token })).body
      .brandConfiguration;
  const refusal = async (response: Response) => ({
    status: response.status,
    field: ((await response.json()) as ApiError).field,
  });

  it('saves a logo and colours that every user of the organisation gets, and no one else', async () => {
    const saved = await save(
      form(
        { primary_background_colour: '#123456', secondary_background_colour: '#A30' },
        { bytes: pngOf(250, 42) },
      ),
    );
    expect(saved.status).toBe(200);
    const brand = (await saved.json()) as BrandConfiguration;
    expect(brand).toMatchObject({
      primaryColour: { backgroundColour: '#123456', textColour: '#FFFFFF' },
      secondaryColour: { backgroundColour: '#A30', textColour: '#FFFFFF' },
      isChosen: true,
    });
    expect(brand.logoLink).toMatch(/^\/v1\/brand-logos\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);

    const viewer = (await signIn(fixture.server, DEMO_USERS.viewer)).token;
    expect(await settingsOf(viewer)).toEqual(brand);
    const customer = (await signIn(fixture.server, DEMO_USERS.customer)).token;
    expect(await settingsOf(customer)).toEqual(DEFAULT_BRAND_CONFIGURATION);

    const logo = await fetch(`${fixture.server.url}${brand.logoLink}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await logo.arrayBuffer()).equals(pngOf(250, 42))).toBe(true);
  });

  it('names the installed portal after the organisation, its logo on a square of its colour', async () => {
    const me = await call<{ organisation: { id: string; name: string } }>(
      fixture.server,
      'GET',
      '/v1/me',
      { token: fixture.admin },
    );
    const { id, name } = me.body.organisation;
    const manifest = await fetch(`${fixture.server.url}/v1/brand/manifest?organisation=${id}`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(body).toMatchObject({ short_name: name, theme_color: '#123456' });
    expect(body.name).toContain(name);
    expect(body.icons).toEqual([expect.objectContaining({ sizes: '256x256', type: 'image/png' })]);

    const icon = PNG.sync.read(
      Buffer.from(await (await fetch(`${fixture.server.url}${body.icons[0]?.src}`)).arrayBuffer()),
    );
    const at = (x: number, y: number) => [
      ...icon.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 3),
    ];
    expect([icon.width, icon.height]).toEqual([256, 256]);
    expect(at(2, 2)).toEqual([0x12, 0x34, 0x56]);
    expect(at(128, 128)).toEqual([0x08, 0x57, 0xb2]); // the logo pngOf draws

    // Before sign-in, the portal's own; an organisation that does not exist is a 404.
    const own = (await (await fetch(`${fixture.server.url}/v1/brand/manifest`)).json()) as {
      name: string;
    };
    expect(own.name).toBe('Fleet portal');
    const none = '00000000-0000-4000-8000-000000000000';
    expect((await fetch(`${fixture.server.url}/v1/brand/icon?organisation=${none}`)).status).toBe(
      404,
    );
    expect(
      await refusal(await fetch(`${fixture.server.url}/v1/brand/manifest?organisation=x`)),
    ).toEqual({ status: 400, field: 'organisation' });
  });

  it('changes only the colours sent, and gives a new logo a new address', async () => {
    const before = await settingsOf(fixture.admin);
    const saved = await save(form({ primary_text_colour: '#fff' }, { bytes: pngOf(24, 24) }));
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as BrandConfiguration;
    expect(after.primaryColour).toEqual({ backgroundColour: '#123456', textColour: '#fff' });
    expect(after.secondaryColour).toEqual(before.secondaryColour);
    expect(after.logoLink).not.toBe(before.logoLink);
    expect((await fetch(`${fixture.server.url}${before.logoLink}`)).status).toBe(404);
    expect((await fetch(`${fixture.server.url}${after.logoLink}`)).status).toBe(200);
  });

  it('refuses each broken rule, naming the field, and keeps the brand as it was', async () => {
    const before = await settingsOf(fixture.admin);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const cutShort = pngOf(100, 30).subarray(0, 60);
    const cases: [FormData | string, number, string][] = [
      [form({}, { bytes: jpeg, name: 'logo.png' }), 415, 'logoFile'],
      [form({}, { bytes: Buffer.from('not an image'), name: 'logo.png' }), 415, 'logoFile'],
      [form({}, { bytes: cutShort }), 415, 'logoFile'],
      [form({}, { bytes: pngOf(600, 600, { noisy: true }) }), 413, 'logoFile'],
      [form({}, { bytes: pngOf(23, 30) }), 400, 'logoFile'],
      [form({}, { bytes: pngOf(30, 23) }), 400, 'logoFile'],
      [form({}, { bytes: pngOf(251, 42) }), 400, 'logoFile'],
      [form({}, { bytes: pngOf(250, 43) }), 400, 'logoFile'],
      [form({ primary_text_colour: '#12345' }), 400, 'primary_text_colour'],
      [form({ secondary_text_colour: 'blue' }), 400, 'secondary_text_colour'],
      [form({ secondary_background_colour: '#ggg' }), 400, 'secondary_background_colour'],
      [form({ tertiary_colour: '#fff' }), 400, 'tertiary_colour'],
      [form({ primary_text_colour: '#000' }, { bytes: pngOf(10, 10) }), 400, 'logoFile'],
      [form({}), 400, 'logoFile'],
      [JSON.stringify({ primary_text_colour: '#000' }), 400, 'logoFile'],
    ];
    for (const [body, status, field] of cases) {
      expect(await refusal(await save(body)), `${status} ${field}`).toEqual({ status, field });
    }
    expect(await settingsOf(fixture.admin)).toEqual(before);
    expect((await fetch(`${fixture.server.url}${before.logoLink}`)).status).toBe(200);
  });

  it('refuses a small logo that claims a huge size by its header, while other requests go on', async () => {
    const before = await settingsOf(fixture.admin);
    const bomb = form({}, { bytes: pngClaiming(16_000, 16_000) });
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const value = await work();
      return { value, ms: performance.now() - started };
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    // The same refusal for a normal file (one pixel too wide), for the ratios: no fixed time.
    const normalMs: number[] = [];
    const bombMs: number[] = [];
    const healthMs: number[] = [];
    for (let round = 0; round < 5; round++) {
      normalMs.push((await timed(() => save(form({}, { bytes: pngOf(251, 42) })))).ms);
      const [upload, health] = await Promise.all([
        timed(async () => refusal(await save(bomb))),
        timed(() => fetch(`${fixture.server.url}/v1/health`).then((reply) => reply.status)),
      ]);
      expect(upload.value).toEqual({ status: 400, field: 'logoFile' });
      expect(health.value).toBe(200);
      bombMs.push(upload.ms);
      healthMs.push(health.ms);
    }
    const normal = median(normalMs) ?? 0;
    expect(median(bombMs), `bomb ${bombMs} against ${normalMs}`).toBeLessThan(10 * normal);
    expect(median(healthMs), `health ${healthMs} against ${normalMs}`).toBeLessThan(10 * normal);
    const reply = await save(bomb);
    expect(((await reply.json()) as ApiError).message).toMatch(/16000×16000.*250 wide.*42 high/);
    expect(await settingsOf(fixture.admin)).toEqual(before);
  });

  it('lets no viewer change it, and no one without a token', async () => {
    const viewer = (await signIn(fixture.server, DEMO_USERS.viewer)).token;
    expect((await save(form({ primary_text_colour: '#000' }), viewer)).status).toBe(403);
    const reset = await fetch(`${fixture.server.url}/v1/portal/brandconfig`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(reset.status).toBe(403);
    expect((await save(form({ primary_text_colour: '#000' }), 'not-a-token')).status).toBe(401);
  });

  it('resets to the default colours without a logo, whose address then ends', async () => {
    const before = await settingsOf(fixture.admin);
    const reset = await call<BrandConfiguration>(
      fixture.server,
      'DELETE',
      '/v1/portal/brandconfig',
      {
        token: fixture.admin,
      },
    );
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual(DEFAULT_BRAND_CONFIGURATION);
    expect(await settingsOf(fixture.admin)).toEqual(DEFAULT_BRAND_CONFIGURATION);
    expect((await fetch(`${fixture.server.url}${before.logoLink}`)).status).toBe(404);
  });

  it('gives the sign-in page its brand by the organisation’s link or host name', async () => {
    await save(form({ primary_background_colour: '#2E7D32' }));
    const [org] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
    );
    const byLink = await call<PublicBrandReply>(
      fixture.server,
      'GET',
      `/v1/brand?organisation=${org?.id}`,
    );
    expect(byLink.status).toBe(200);
    expect(byLink.body.brand).toMatchObject({
      organisationName: 'Northbank Plant Hire',
      brandConfiguration: { primaryColour: { backgroundColour: '#2E7D32' } },
    });

    const staff = (await signIn(fixture.server, DEMO_USERS.staff)).token;
    const domains = await call(
      fixture.server,
      'PUT',
      `/v1/admin/organisations/${org?.id}/settings`,
      {
        token: staff,
        body: { loginDomains: ['Fleet.Northbank.example'] },
      },
    );
    expect(domains.status).toBe(200);
    const byHost = await call<PublicBrandReply>(
      fixture.server,
      'GET',
      '/v1/brand?host=fleet.northbank.example',
    );
    expect(byHost.body.brand?.organisationId).toBe(org?.id);
    // One host name signs in one organisation only.
    const [other] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Harrow Civil Engineering'`,
    );
    const taken = await call<ApiError>(
      fixture.server,
      'PUT',
      `/v1/admin/organisations/${other?.id}/settings`,
      {
        token: staff,
        body: { loginDomains: ['fleet.northbank.example'] },
      },
    );
    expect([taken.status, taken.body.field]).toEqual([409, 'loginDomains']);

    const unclaimed = await call<PublicBrandReply>(
      fixture.server,
      'GET',
      '/v1/brand?host=unknown.example',
    );
    expect([unclaimed.status, unclaimed.body.brand]).toEqual([200, null]);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(fixture.server, 'GET', `/v1/brand?organisation=${missing}`)).status).toBe(
      404,
    );
    const bad = await call<ApiError>(fixture.server, 'GET', '/v1/brand?organisation=not-a-uuid');
    expect([bad.status, bad.body.field]).toEqual([400, 'organisation']);
    expect((await call(fixture.server, 'GET', '/v1/brand')).status).toBe(400);
    await call(fixture.server, 'DELETE', '/v1/portal/brandconfig', { token: fixture.admin });
  });

  it('sends the organisation’s mails in its brand, with the plain text beside', async () => {
    const saved = await save(
      form({ primary_background_colour: '#7A1F1F' }, { bytes: pngOf(120, 40) }),
    );
    const { logoLink } = (await saved.json()) as BrandConfiguration;
    const invited = await call(fixture.server, 'POST', '/v1/users/invitation', {
      token: fixture.admin,
      body: { emails: ['branded.invitee@example.com'], role: 'viewer' },
    });
    expect(invited.status).toBeLessThan(300);
    const [mail] = await fixture.server.db.query<{ body: string; html: string | null }>(
      `SELECT body, html FROM mail_outbox WHERE to_address = 'branded.invitee@example.com'`,
    );
    expect(mail?.body).toContain('/rsvp?token=');
    expect(mail?.html).toContain('background:#7A1F1F');
    expect(mail?.html).toContain(
      `src="${fixture.server.config.publicUrl.replace(/\/$/, '')}${logoLink}"`,
    );
    expect(mail?.html).toMatch(/<a href="[^"]*\/rsvp\?token=[^"]+"/);
    // A password reset is the person's own: plain text only.
    await call(fixture.server, 'POST', '/v1/auth/reset-password', {
      body: { email: DEMO_USERS.viewer },
    });
    await fixture.server.app.afterReply.idle();
    const [reset] = await fixture.server.db.query<{ html: string | null }>(
      `SELECT html FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
      [DEMO_USERS.viewer],
    );
    expect(reset?.html).toBeNull();
    await call(fixture.server, 'DELETE', '/v1/portal/brandconfig', { token: fixture.admin });
  });

  it('serves no logo for an address it did not give', async () => {
    const [org] = await fixture.server.db.query<{ id: string }>(
      'SELECT id FROM organisation LIMIT 1',
    );
    const missing = await fetch(
      `${fixture.server.url}/v1/brand-logos/${org?.id}/${'0'.repeat(32)}.png`,
    );
    expect(missing.status).toBe(404);
    expect(
      (await fetch(`${fixture.server.url}/v1/brand-logos/${org?.id}/..%2Fsecret`)).status,
    ).toBe(400);
  });
});
