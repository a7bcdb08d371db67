// GET /v1/me and GET /v1/users/settings: shapes, roles and the defaults of spec point 3.
import { expect, it } from 'vitest';
import Value from 'typebox/value';
import { MeReply, UserSettingsReply } from '../../src/domain/api/session.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import { call, DEMO_ADMIN, DEMO_PASSWORD, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('session', {}, (fixture) => {
  it('describes the user and organisation, with each role of the demo', async () => {
    const expectations = [
      ['admin@demo.example', 'admin', 'Northbank Plant Hire', 'rental', 2],
      ['viewer@demo.example', 'viewer', 'Northbank Plant Hire', 'rental', 1],
      ['staff@demo.example', 'internal', 'Northbank Plant Hire', 'rental', 4],
      ['harrow@demo.example', 'admin', 'Harrow Civil Engineering', 'end-user', 1],
    ] as const;
    for (const [email, role, organisation, type, orgCount] of expectations) {
      const { token } = await signIn(fixture.server, email);
      const me = await call<MeReply>(fixture.server, 'GET', '/v1/me', { token });
      expect(Value.Check(MeReply, me.body)).toBe(true);
      expect(me.body.user).toMatchObject({ email, role });
      expect(me.body.organisation).toMatchObject({
        name: organisation,
        type,
        rental: type !== 'end-user',
      });
      expect(me.body.organisation.availableOrgs).toHaveLength(orgCount);
    }
  });

  it('answers the whole user-settings shape with its defaults', async () => {
    const { token } = await signIn(fixture.server);
    const reply = await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', {
      token,
    });
    expect(reply.status).toBe(200);
    expect(Value.Check(UserSettingsReply, reply.body)).toBe(true);
    const settings = reply.body;
    expect(settings.timezone).toBe('Europe/London');
    expect(settings.hireStatuses.hired).toEqual(['ON_HIRE']);
    expect(settings.properties.machineName).toBe('name');
    expect(settings.modules.speed).toBe(true);
    expect(settings.organisations.map((o) => o.name).sort()).toEqual([
      'Meridian Build Group',
      'Northbank Plant Hire',
    ]);
    expect(settings.manufacturers).toContain('JCB');
    expect(settings.brandConfiguration).toEqual({
      logoLink: null,
      primaryColour: { backgroundColour: '#212d40', textColour: '#FFFFFF' },
      secondaryColour: { backgroundColour: '#0857B2', textColour: '#FFFFFF' },
      isChosen: false,
    });
  });

  it('reads stored organisation settings over the defaults, key by key', async () => {
    await fixture.server.db.query(
      `UPDATE organisation SET settings = '{"properties":{"machineName":"assetId"},"modules":{"tips":true}}',
              timezone = 'Europe/Amsterdam'
        WHERE name = 'Harrow Civil Engineering'`,
    );
    const { token } = await signIn(fixture.server, 'harrow@demo.example');
    const settings = (
      await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', { token })
    ).body;
    expect(settings.properties.machineName).toBe('assetId');
    expect(settings.modules.tips).toBe(true);
    expect(settings.modules.fuel).toBe(true);
    expect(settings.timezone).toBe('Europe/Amsterdam');
    // An end user hires in; it does not run gateways.
    expect(settings.navigation.gateways).toBe(false);
  });

  it('seeds the demo only into an empty database', async () => {
    const count = async () =>
      (await fixture.server.db.query<{ n: number }>('SELECT count(*) AS n FROM machine'))[0]?.n;
    expect(await count()).toBe(50);
    expect(
      await seedDemoIfEmpty(fixture.server.db, { adminEmail: DEMO_ADMIN, password: DEMO_PASSWORD }),
    ).toBe(false);
    expect(await count()).toBe(50);
  });
});
