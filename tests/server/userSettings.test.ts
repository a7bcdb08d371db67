// A user's own settings (spec points 3, 4): names, language, time zone, which of machine name and
// asset id comes first, and the mail they get, changed by the user alone, viewers included.
import { expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type { MeReply, UserSettingsReply } from '../../src/domain/api/session.ts';
import { DEMO_USERS } from '../../server/demo/seed.ts';
import { sendMail } from '../../server/modules/mail/outbox.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const silent = { info: () => undefined, error: () => undefined };

describeServer('own settings', { users: ['viewer'] }, (fixture) => {
  const patch = (body: unknown, token = fixture.viewer) =>
    call<UserSettingsReply & ApiError>(fixture.server, 'PATCH', '/v1/users/settings', {
      token,
      body,
    });
  const settings = async (token = fixture.viewer) =>
    (await call<UserSettingsReply>(fixture.server, 'GET', '/v1/users/settings', { token })).body;

  it('lets a viewer change their own names, language, time zone and machine naming', async () => {
    const before = await settings();
    expect(before.language).toBeNull();
    const changed = await patch({
      firstName: 'Priyanka',
      lastName: 'Shah-Ellis',
      language: 'nl',
      timezone: 'America/New_York',
      machineName: 'assetId',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      language: 'nl',
      timezone: 'America/New_York',
      properties: { machineName: 'assetId' },
    });
    const me = await call<MeReply>(fixture.server, 'GET', '/v1/me', { token: fixture.viewer });
    expect(me.body.user).toMatchObject({ firstName: 'Priyanka', lastName: 'Shah-Ellis' });
    // Their colleague keeps the organisation's naming.
    const admin = (await signIn(fixture.server)).token;
    expect((await settings(admin)).properties.machineName).toBe('name');

    const back = await patch({ machineName: null });
    expect(back.body.properties.machineName).toBe('name');
    expect(back.body.language).toBe('nl');
  });

  it('keeps the kinds of mail in step with the unsubscribe links, and holds back what is off', async () => {
    const off = await patch({ subscriptions: { enabled: true, subscriptions: ['invitations'] } });
    expect(off.body.subscriptions).toEqual({ enabled: true, subscriptions: ['invitations'] });
    const suppressed = await fixture.server.db.query<{ email_type: string }>(
      'SELECT email_type FROM mail_suppression WHERE email = $1 ORDER BY email_type',
      [DEMO_USERS.viewer],
    );
    expect(suppressed.map((row) => row.email_type)).toEqual([
      'alerts',
      'reports',
      'shared-locations',
    ]);

    await patch({ subscriptions: { enabled: false, subscriptions: ['invitations'] } });
    await sendMail(fixture.server.db, fixture.server.config, silent, [
      { to: DEMO_USERS.viewer, subject: 'Invited', body: 'Join', emailType: 'invitations' },
      { to: DEMO_USERS.viewer, subject: 'Your reset', body: 'Code' },
    ]);
    const rows = await fixture.server.db.query<{ subject: string; error: string | null }>(
      `SELECT subject, error FROM mail_outbox WHERE to_address = $1 AND subject IN ('Invited', 'Your reset')
        ORDER BY subject`,
      [DEMO_USERS.viewer],
    );
    // A mail the user asked for themselves (a reset) still goes.
    expect(rows).toEqual([
      { subject: 'Invited', error: 'unsubscribed' },
      { subject: 'Your reset', error: null },
    ]);
    const all = await patch({
      subscriptions: {
        enabled: true,
        subscriptions: ['invitations', 'shared-locations', 'reports', 'alerts'],
      },
    });
    expect(all.body.subscriptions.subscriptions).toHaveLength(4);
  });

  it('names the field it cannot take, and needs a sign-in', async () => {
    for (const [body, field] of [
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ language: 'xx' }, 'language'],
      [{ firstName: '' }, 'firstName'],
      [{ machineName: 'serial' }, 'machineName'],
      [
        { subscriptions: { enabled: true, subscriptions: ['spam'] } },
        'subscriptions.subscriptions.0',
      ],
      [{ role: 'admin' }, 'role'],
    ] as const) {
      const refused = await patch(body);
      expect([refused.status, refused.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await patch({})).status).toBe(400);
    expect((await patch({ language: 'de' }, 'not-a-token')).status).toBe(401);
  });
});
