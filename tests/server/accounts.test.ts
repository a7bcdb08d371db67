// The account side on both databases: users listed, changed and deleted within their organisation;
// invitations mailed, read, accepted once and reinvited; password reset by mail ending sessions;
// registration confirmed by mail; unsubscribe without signing in.
import { expect, it } from 'vitest';
import { EMAIL_TYPES } from '../../src/domain/api/accounts.ts';
import type { UserRecord } from '../../src/domain/api/users.ts';
import { REPORT_CATEGORY_IDS } from '../../src/domain/api/reportTypes.ts';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { call, DEMO_ADMIN, signIn, type TestServer } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const STRONG = 'Quarry-lantern-49';

/** The newest outbox mail to an address, and the first link in it with that path. */
async function mailLink(server: TestServer, to: string, path: string) {
  const [mail] = await server.db.query<{ body: string; subject: string; error: string | null }>(
    'SELECT body, subject, error FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
    [to],
  );
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = mail.body.match(
    new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?[^\\s]+`),
  );
  return { mail, url: match ? new URL(match[0]) : undefined };
}

const list = (server: TestServer, token: string, query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams(
    Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
  );
  return call<UserRecord[]>(server, 'GET', `/v1/users?${search.toString()}`, { token });
};

describeServer(
  'accounts',
  { env: { REGISTRATION: 'open' }, users: ['admin', 'viewer', 'customer'] },
  (fixture) => {
    it('lists the organisation’s people with paging, sort, search and a role filter, total in Content-Range', async () => {
      const all = await list(fixture.server, fixture.admin, {
        sort: ['email', 'ASC'],
        range: [0, 24],
      });
      expect(all.status).toBe(200);
      const emails = all.body.map((user) => user.email);
      expect(emails).toEqual([...emails].sort());
      expect(emails).toContain('viewer@demo.example');
      expect(emails).not.toContain('harrow@demo.example');
      expect(all.headers.get('content-range')).toBe(
        `users 0-${emails.length - 1}/${emails.length}`,
      );

      const page = await list(fixture.server, fixture.admin, {
        sort: ['email', 'ASC'],
        range: [1, 1],
      });
      expect(page.body.map((user) => user.email)).toEqual([emails[1]]);
      expect(page.headers.get('content-range')).toBe(`users 1-1/${emails.length}`);

      const viewers = await list(fixture.server, fixture.viewer, { filter: { role: 'viewer' } });
      expect(viewers.body.map((user) => user.email)).toEqual(['viewer@demo.example']);
      const search = await list(fixture.server, fixture.admin, { filter: { q: 'PRIYA' } });
      expect(search.body.map((user) => user.email)).toEqual(['viewer@demo.example']);
      expect(search.body[0]).toMatchObject({
        status: 'active',
        role: 'viewer',
        firstName: 'Priya',
      });

      for (const [name, value] of [
        ['sort', ['password', 'ASC']],
        ['range', [5, 1]],
        ['filter', { role: 'owner' }],
      ] as const) {
        const bad = await list(fixture.server, fixture.admin, { [name]: value });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ field: expect.stringMatching(new RegExp(`^${name}`)) });
      }
    });

    it('keeps other organisations’ people out: 404 for their ids, 403 for viewers’ writes', async () => {
      const harrow = await list(fixture.server, fixture.customer);
      const harrowUser = harrow.body[0];
      expect(harrowUser?.email).toBe('harrow@demo.example');
      // Staff belong to every organisation to help it, but only staff see them listed or touch
      // them: a customer's admin can neither see nor tick them for deletion.
      expect(harrow.body.map((user) => user.email)).not.toContain('staff@demo.example');
      const staffToken = (await signIn(fixture.server, 'staff@demo.example')).token;
      const staffView = await list(fixture.server, staffToken, { filter: { q: 'staff@' } });
      const staffUser = staffView.body.find((user) => user.email === 'staff@demo.example');
      if (!staffUser) throw new Error('staff cannot see themselves');
      const removeStaff = await call(fixture.server, 'POST', '/v1/users/delete', {
        token: fixture.customer,
        body: { userIds: [staffUser.id] },
      });
      expect(removeStaff.status).toBe(404);
      const northbankViewer = (
        await list(fixture.server, fixture.admin, { filter: { role: 'viewer' } })
      ).body[0];
      if (!harrowUser || !northbankViewer) throw new Error('demo users missing');

      expect(
        (
          await call(fixture.server, 'GET', `/v1/users/${northbankViewer.id}`, {
            token: fixture.customer,
          })
        ).status,
      ).toBe(404);
      const patch = await call(fixture.server, 'PATCH', `/v1/users/${northbankViewer.id}`, {
        token: fixture.customer,
        body: { firstName: 'Mallory' },
      });
      expect(patch.status).toBe(404);
      const remove = await call(fixture.server, 'POST', '/v1/users/delete', {
        token: fixture.customer,
        body: { userIds: [northbankViewer.id] },
      });
      expect(remove.status).toBe(404);
      const asViewer = await call(fixture.server, 'PATCH', `/v1/users/${northbankViewer.id}`, {
        token: fixture.viewer,
        body: { firstName: 'Self' },
      });
      expect(asViewer.status).toBe(403);
      const invite = await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.viewer,
        body: { emails: ['x@example.com'], role: 'viewer' },
      });
      expect(invite.status).toBe(403);
    });

    it('changes names, language, time zone, categories and role, but never raises a role or drops the last admin', async () => {
      const priya = (await list(fixture.server, fixture.admin, { filter: { q: 'priya' } })).body[0];
      if (!priya) throw new Error('no viewer');
      // Until an admin chooses, a member gets every category: the form shows what the reports use.
      expect(priya.reportCategories).toEqual(REPORT_CATEGORY_IDS);
      const changed = await call<UserRecord>(fixture.server, 'PATCH', `/v1/users/${priya.id}`, {
        token: fixture.admin,
        body: {
          firstName: 'Priya K.',
          language: 'nl',
          timezone: 'Europe/Amsterdam',
          reportCategories: ['fuel', 'location'],
        },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        firstName: 'Priya K.',
        language: 'nl',
        timezone: 'Europe/Amsterdam',
        reportCategories: ['fuel', 'location'],
        role: 'viewer',
      });
      // One list, one truth: the reports read what the user form wrote.
      const reportCategories = await call<{ categoryIds: string[] }>(
        fixture.server,
        'GET',
        endpoints.admin.user.reportsCategories.replace(':userId', priya.id),
        { token: fixture.admin },
      );
      expect(reportCategories.body.categoryIds).toEqual(['fuel', 'location']);
      const unknownCategory = await call(fixture.server, 'PATCH', `/v1/users/${priya.id}`, {
        token: fixture.admin,
        body: { reportCategories: ['co2'] },
      });
      expect(unknownCategory.status).toBe(400);
      const toStaff = await call(fixture.server, 'PATCH', `/v1/users/${priya.id}`, {
        token: fixture.admin,
        body: { role: 'internal' },
      });
      expect(toStaff.status).toBe(403);
      const me = (await list(fixture.server, fixture.admin, { filter: { q: DEMO_ADMIN } })).body[0];
      if (!me) throw new Error('no admin');
      const selfUp = await call(fixture.server, 'PATCH', `/v1/users/${me.id}`, {
        token: fixture.admin,
        body: { role: 'internal' },
      });
      expect(selfUp.status).toBe(403);
      const selfDown = await call(fixture.server, 'PATCH', `/v1/users/${me.id}`, {
        token: fixture.admin,
        body: { role: 'viewer' },
      });
      expect(selfDown.status).toBe(409);
      expect(selfDown.body).toMatchObject({ code: 'LAST_ADMIN' });
      const audit = await fixture.server.db.query<{ action: string }>(
        `SELECT action FROM audit_event WHERE subject_user_id = $1`,
        [priya.id],
      );
      expect(audit.map((row) => row.action)).toContain('user.updated');
    });

    it('invites by mail; the link is read, accepted once, and the invitee signs in', async () => {
      const email = `invitee.${fixture.database.kind}@example.com`;
      const validate = await call(fixture.server, 'POST', '/v1/users/invitation/validate', {
        token: fixture.admin,
        body: { emails: [email, 'viewer@demo.example'] },
      });
      expect(validate.body).toEqual([
        { email: 'viewer@demo.example', code: 'EMAIL_ALREADY_EXISTS' },
      ]);
      const refused = await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.admin,
        body: { emails: ['viewer@demo.example'], role: 'viewer' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS', field: 'emails' });

      // One address already in the organisation does not hold back the others: it is skipped.
      const invited = await call<{ invited: UserRecord[]; skipped: unknown[] }>(
        fixture.server,
        'POST',
        '/v1/users/invitation',
        {
          token: fixture.admin,
          body: { emails: [email, 'viewer@demo.example'], role: 'viewer' },
        },
      );
      expect(invited.status).toBe(201);
      expect(invited.body.invited).toHaveLength(1);
      expect(invited.body.invited[0]).toMatchObject({ email, status: 'invited', role: 'viewer' });
      expect(invited.body.skipped).toEqual([
        { email: 'viewer@demo.example', code: 'EMAIL_ALREADY_EXISTS' },
      ]);
      const { mail, url } = await mailLink(fixture.server, email, '/rsvp');
      expect(mail.subject).toContain('Northbank Plant Hire');
      expect(mail.body).toContain('/unsubscribe?userToken=');
      const token = url?.searchParams.get('token') ?? '';
      expect(token.length).toBeGreaterThan(20);

      // Not a member until accepted: no sign-in yet.
      expect(
        (
          await call(fixture.server, 'POST', '/v1/auth/login', {
            body: { email, password: STRONG },
          })
        ).status,
      ).toBe(401);
      const details = await call(fixture.server, 'GET', `/v1/users/invitation?token=${token}`);
      expect(details.body).toMatchObject({
        email,
        organisationName: 'Northbank Plant Hire',
        role: 'viewer',
        accountExists: false,
      });
      const weak = await call(fixture.server, 'POST', '/v1/users/invitation/accept', {
        body: { token, password: 'password123' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });
      const accepted = await call(fixture.server, 'POST', '/v1/users/invitation/accept', {
        body: { token, password: STRONG, firstName: 'Ines', lastName: 'Vitre' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ email, organisationName: 'Northbank Plant Hire' });
      const again = await call(fixture.server, 'POST', '/v1/users/invitation/accept', {
        body: { token, password: STRONG },
      });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'ALREADY_ACCEPTED' });
      expect(
        (await call(fixture.server, 'GET', `/v1/users/invitation?token=${token}`)).body,
      ).toMatchObject({
        code: 'ALREADY_ACCEPTED',
      });
      const session = await signIn(fixture.server, email, STRONG);
      const me = await call(fixture.server, 'GET', '/v1/me', { token: session.token });
      expect(me.body).toMatchObject({ user: { email, role: 'viewer', firstName: 'Ines' } });
      expect(
        (await call(fixture.server, 'GET', '/v1/users/invitation?token=nosuchtoken-0123456789'))
          .body,
      ).toMatchObject({ code: 'INVALID_TOKEN' });
    });

    it('links an existing account to a customer organisation the rental company hires to, and reinvites', async () => {
      // Harrow hires from Northbank: Northbank's admin may invite into it.
      const [harrow] = await fixture.server.db.query<{ id: string }>(
        `SELECT id FROM organisation WHERE name = 'Harrow Civil Engineering'`,
      );
      const hires = await fixture.server.db.query(
        `SELECT 1 FROM hire WHERE customer_organisation_id = $1 AND (ends_at IS NULL OR ends_at > now())`,
        [harrow?.id ?? ''],
      );
      expect(hires.length).toBeGreaterThan(0);
      const invited = await call<{ invited: UserRecord[] }>(
        fixture.server,
        'POST',
        '/v1/users/invitation',
        {
          token: fixture.admin,
          body: { emails: ['viewer@demo.example'], role: 'viewer', organisationId: harrow?.id },
        },
      );
      expect(invited.status).toBe(201);
      const user = invited.body.invited[0];
      if (!user) throw new Error('no invitation');
      const first = (
        await mailLink(fixture.server, 'viewer@demo.example', '/rsvp')
      ).url?.searchParams.get('token');
      const reinvited = await call<UserRecord>(
        fixture.server,
        'POST',
        `/v1/users/${user.id}/reinvite?organisationId=${harrow?.id}`,
        { token: fixture.admin },
      );
      expect(reinvited.status).toBe(200);
      expect(reinvited.body.status).toBe('invited');
      const second = (
        await mailLink(fixture.server, 'viewer@demo.example', '/rsvp')
      ).url?.searchParams.get('token');
      expect(second).not.toBe(first);
      expect(
        (await call(fixture.server, 'GET', `/v1/users/invitation?token=${first}`)).body,
      ).toMatchObject({
        code: 'INVALID_TOKEN',
      });
      expect(
        (await call(fixture.server, 'GET', `/v1/users/invitation?token=${second}`)).body,
      ).toMatchObject({
        accountExists: true,
        organisationName: 'Harrow Civil Engineering',
      });
      // An existing account needs no password to accept.
      const accepted = await call(fixture.server, 'POST', '/v1/users/invitation/accept', {
        body: { token: second },
      });
      expect(accepted.status).toBe(200);
      const me = await call<{ organisation: { availableOrgs: { name: string }[] } }>(
        fixture.server,
        'GET',
        '/v1/me',
        { token: (await signIn(fixture.server, 'viewer@demo.example')).token },
      );
      expect(me.body.organisation.availableOrgs.map((o) => o.name)).toContain(
        'Harrow Civil Engineering',
      );
      // The customer's own admin sees the new member; the rental admin lists customers' people.
      expect((await list(fixture.server, fixture.customer)).body.map((u) => u.email)).toContain(
        'viewer@demo.example',
      );
      const portal = await call<UserRecord[]>(fixture.server, 'GET', '/v1/portal/users', {
        token: fixture.admin,
      });
      expect(portal.body.map((u) => u.organisationName)).toContain('Harrow Civil Engineering');

      // A customer organisation with no hire from Northbank: no inviting into it.
      const [unlinked] = await fixture.server.db.query<{ id: string }>(
        `INSERT INTO organisation (name, type) VALUES ('Unlinked ${fixture.database.kind}', 'end-user') RETURNING id`,
      );
      const outside = await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.admin,
        body: { emails: ['x@example.com'], role: 'viewer', organisationId: unlinked?.id },
      });
      expect(outside.status).toBe(404);
      // A customer may not invite into its rental company.
      const [northbank] = await fixture.server.db.query<{ id: string }>(
        `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
      );
      const upward = await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.customer,
        body: { emails: ['y@example.com'], role: 'viewer', organisationId: northbank?.id },
      });
      expect(upward.status).toBe(404);
    });

    it('deletes softly: no more sign-in, saved filters gone, sessions ended, the audit kept', async () => {
      const email = `leaver.${fixture.database.kind}@example.com`;
      await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.admin,
        body: { emails: [email], role: 'viewer' },
      });
      const token = (await mailLink(fixture.server, email, '/rsvp')).url?.searchParams.get('token');
      await call(fixture.server, 'POST', '/v1/users/invitation/accept', {
        body: { token, password: STRONG },
      });
      const session = await signIn(fixture.server, email, STRONG);
      const leaver = (await list(fixture.server, fixture.admin, { filter: { q: email } })).body[0];
      if (!leaver) throw new Error('no leaver');
      await fixture.server.db.query(
        `INSERT INTO saved_filter (user_id, organisation_id, label, name, filters)
       VALUES ($1, $2, 'machines', 'Mine', '')`,
        [leaver.id, leaver.organisationId],
      );
      const deleted = await call(fixture.server, 'POST', '/v1/users/delete', {
        token: fixture.admin,
        body: { userIds: [leaver.id] },
      });
      expect(deleted.body).toEqual({ deleted: [leaver.id] });
      expect((await call(fixture.server, 'GET', '/v1/me', { token: session.token })).status).toBe(
        401,
      );
      expect(
        (
          await call(fixture.server, 'POST', '/v1/auth/login', {
            body: { email, password: STRONG },
          })
        ).status,
      ).toBe(401);
      expect((await list(fixture.server, fixture.admin, { filter: { q: email } })).body).toEqual(
        [],
      );
      const filters = await fixture.server.db.query(
        'SELECT 1 FROM saved_filter WHERE user_id = $1',
        [leaver.id],
      );
      expect(filters).toEqual([]);
      const audit = await fixture.server.db.query<{ action: string; actor_email: string }>(
        `SELECT action, actor_email FROM audit_event WHERE subject_user_id = $1 ORDER BY at`,
        [leaver.id],
      );
      expect(audit.map((row) => row.action)).toEqual([
        'user.invited',
        'invitation.accepted',
        'user.deleted',
      ]);
      expect(audit.at(-1)?.actor_email).toBe(DEMO_ADMIN);
      const self = (await list(fixture.server, fixture.admin, { filter: { q: DEMO_ADMIN } }))
        .body[0];
      const selfDelete = await call(fixture.server, 'POST', '/v1/users/delete', {
        token: fixture.admin,
        body: { userIds: [self?.id] },
      });
      expect(selfDelete.status).toBe(409);
    });

    it('resets a password by mail, answering alike for unknown addresses, and ends every session', async () => {
      const email = `reset.${fixture.database.kind}@example.com`;
      await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.admin,
        body: { emails: [email], role: 'viewer' },
      });
      const invite = (await mailLink(fixture.server, email, '/rsvp')).url?.searchParams.get(
        'token',
      );
      await call(fixture.server, 'POST', '/v1/users/invitation/accept', {
        body: { token: invite, password: STRONG },
      });
      const before = await signIn(fixture.server, email, STRONG);

      const unknown = await call(fixture.server, 'POST', '/v1/auth/reset-password', {
        body: { email: 'nobody.here@example.com' },
      });
      const known = await call(fixture.server, 'POST', '/v1/auth/reset-password', {
        body: { email },
      });
      expect([unknown.status, known.status]).toEqual([202, 202]);
      // The mail is made after the reply.
      await fixture.server.app.afterReply.idle();
      expect(unknown.body).toEqual(known.body);
      const outboxToUnknown = await fixture.server.db.query(
        `SELECT 1 FROM mail_outbox WHERE to_address = 'nobody.here@example.com'`,
      );
      expect(outboxToUnknown).toEqual([]);
      const code =
        (await mailLink(fixture.server, email, '/forgot-password/reset')).url?.searchParams.get(
          'code',
        ) ?? '';

      const checked = await call(fixture.server, 'POST', '/v1/auth/reset-password/check', {
        body: { code },
      });
      expect(checked.body).toEqual({ email });
      const invalid = await call(fixture.server, 'POST', '/v1/auth/reset-password/check', {
        body: { code: 'not-a-real-code-0123456789' },
      });
      expect(invalid.body).toMatchObject({ code: 'INVALID_CODE' });
      const weak = await call(fixture.server, 'POST', '/v1/auth/reset-password/confirm', {
        body: { code, password: 'qwertyuiop12' },
      });
      expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD' });
      const confirmed = await call(fixture.server, 'POST', '/v1/auth/reset-password/confirm', {
        body: { code, password: 'Harbour-violet-train-8' },
      });
      expect(confirmed.status).toBe(204);
      expect((await call(fixture.server, 'GET', '/v1/me', { token: before.token })).status).toBe(
        401,
      );
      const refresh = await call(fixture.server, 'POST', '/v1/auth/refresh', {
        cookie: before.cookie,
      });
      expect(refresh.status).toBe(401);
      await signIn(fixture.server, email, 'Harbour-violet-train-8');
      const reused = await call(fixture.server, 'POST', '/v1/auth/reset-password/confirm', {
        body: { code, password: 'Another-strong-pass-9' },
      });
      expect(reused.body).toMatchObject({ code: 'INVALID_CODE' });

      // An expired code says so; a disabled user's says that.
      await call(fixture.server, 'POST', '/v1/auth/reset-password', { body: { email } });
      await fixture.server.app.afterReply.idle();
      const late =
        (await mailLink(fixture.server, email, '/forgot-password/reset')).url?.searchParams.get(
          'code',
        ) ?? '';
      await fixture.server.db.query(
        `UPDATE account_token SET expires_at = now() - interval '1 minute' WHERE purpose = 'password-reset' AND used_at IS NULL`,
      );
      expect(
        (
          await call(fixture.server, 'POST', '/v1/auth/reset-password/check', {
            body: { code: late },
          })
        ).body,
      ).toMatchObject({
        code: 'EXPIRED_CODE',
      });
      await call(fixture.server, 'POST', '/v1/auth/reset-password', { body: { email } });
      await fixture.server.app.afterReply.idle();
      const last =
        (await mailLink(fixture.server, email, '/forgot-password/reset')).url?.searchParams.get(
          'code',
        ) ?? '';
      await fixture.server.db.query(`UPDATE app_user SET disabled_at = now() WHERE email = $1`, [
        email,
      ]);
      expect(
        (
          await call(fixture.server, 'POST', '/v1/auth/reset-password/check', {
            body: { code: last },
          })
        ).body,
      ).toMatchObject({
        code: 'USER_DISABLED',
      });
    });

    it('registers an organisation whose admin signs in after confirming the address', async () => {
      const email = `founder.${fixture.database.kind}@example.com`;
      const body = {
        organisationName: `Founders ${fixture.database.kind}`,
        organisationType: 'end-user',
        timezone: 'Europe/Paris',
        firstName: 'Fay',
        lastName: 'Founder',
        email,
        password: STRONG,
      };
      expect((await call(fixture.server, 'GET', '/v1/auth/registration')).body).toEqual({
        open: true,
      });
      expect((await call(fixture.server, 'POST', '/v1/auth/register', { body })).status).toBe(202);
      const early = await call(fixture.server, 'POST', '/v1/auth/login', {
        body: { email, password: STRONG },
      });
      expect(early.status).toBe(403);
      expect(early.body).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
      const token = (await mailLink(fixture.server, email, '/register')).url?.searchParams.get(
        'token',
      );
      const confirmed = await call(fixture.server, 'POST', '/v1/auth/register/confirm', {
        body: { token },
      });
      expect(confirmed.body).toEqual({ email });
      const { token: access } = await signIn(fixture.server, email, STRONG);
      const me = await call(fixture.server, 'GET', '/v1/me', { token: access });
      expect(me.body).toMatchObject({
        user: { role: 'admin' },
        organisation: { name: `Founders ${fixture.database.kind}`, type: 'end-user' },
      });
      // A second registration with the address answers the same and mails the owner instead.
      const twice = await call(fixture.server, 'POST', '/v1/auth/register', { body });
      expect(twice.status).toBe(202);
      expect((await mailLink(fixture.server, email, '/login')).mail.subject).toBe(
        'You already have a fleet portal account',
      );
    });

    it('unsubscribes by the mail’s link without signing in, and holds such mail back after', async () => {
      const email = `unsubscriber.${fixture.database.kind}@example.com`;
      await call(fixture.server, 'POST', '/v1/users/invitation', {
        token: fixture.admin,
        body: { emails: [email], role: 'viewer' },
      });
      const link = (await mailLink(fixture.server, email, '/unsubscribe')).url;
      const userToken = link?.searchParams.get('userToken');
      expect(link?.searchParams.get('emailType')).toBe('invitations');
      // The link stops its own kind of mail, not another kind named beside it.
      const otherKind = await call(fixture.server, 'POST', '/v1/users/unsubscribe', {
        body: { userToken, emailType: 'alerts' },
      });
      expect(otherKind.body).toMatchObject({ code: 'INVALID_TOKEN' });
      const done = await call(fixture.server, 'POST', '/v1/users/unsubscribe', {
        body: { userToken, emailType: 'invitations' },
      });
      expect(done.body).toEqual({ email, emailType: 'invitations', stopped: ['invitations'] });
      const twice = await call(fixture.server, 'POST', '/v1/users/unsubscribe', {
        body: { userToken, emailType: 'invitations' },
      });
      expect(twice.status).toBe(200);
      const user = (await list(fixture.server, fixture.admin, { filter: { q: email } })).body[0];
      await call(fixture.server, 'POST', `/v1/users/${user?.id}/reinvite`, {
        token: fixture.admin,
      });
      const { mail } = await mailLink(fixture.server, email, '/rsvp');
      expect(mail.error).toBe('unsubscribed');
      const bad = await call(fixture.server, 'POST', '/v1/users/unsubscribe', {
        body: { userToken: 'not-a-real-token-0123456789', emailType: 'reports' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'INVALID_TOKEN', field: 'userToken' });
      // Its reader may choose to stop every kind instead.
      const all = await call<{ stopped: string[] }>(
        fixture.server,
        'POST',
        '/v1/users/unsubscribe',
        {
          body: { userToken, emailType: 'invitations', all: true },
        },
      );
      expect([...all.body.stopped].sort()).toEqual([...EMAIL_TYPES].sort());
    });

    it('caps the mail an organisation and a user ask for, outside addresses apart, with 429 and the wait', async () => {
      const [org] = await fixture.server.db.query<{ id: string }>(
        `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
      );
      const used = async () =>
        (
          await fixture.server.db.query<{ total: number; outside: number; admin: number }>(
            `SELECT coalesce(sum(members + outside), 0)::int AS total,
                  coalesce(sum(outside), 0)::int AS outside,
                  coalesce(sum(members + outside) FILTER (WHERE user_id =
                    (SELECT id FROM app_user WHERE email = 'admin@demo.example')), 0)::int AS admin
             FROM mail_cap_use WHERE organisation_id = $1 AND at > now() - interval '1 day'`,
            [org?.id ?? null],
          )
        )[0] ?? { total: 0, outside: 0, admin: 0 };
      const before = await used();
      // This test's own caps on top of what the file's other tests asked for today.
      const saved = fixture.server.config.mailCaps;
      fixture.server.config.mailCaps = {
        organisationPerDay: before.total + 30,
        userPerDay: before.admin + 18,
        outsidePerDay: before.outside + 10,
      };
      try {
        const schedule = await call<{ id: string }>(
          fixture.server,
          'POST',
          '/v1/portal/reports/schedules',
          {
            token: fixture.admin,
            body: {
              name: 'Capped',
              type: 'idle',
              format: 'csv',
              frequency: 'daily',
              dateRange: 'yesterday',
              weekdays: [1],
              hour: 7,
              extraMinutes: 0,
              timezone: 'Europe/London',
              paused: true,
              recipientUserIds: [],
              recipientEmails: ['a', 'b', 'c', 'd'].map((name) => `${name}.cap@example.com`),
            },
          },
        );
        expect(schedule.status).toBe(201);
        const runs = async () =>
          (
            await fixture.server.db.query('SELECT 1 FROM report_run WHERE schedule_id = $1', [
              schedule.body.id,
            ])
          ).length;
        const runNow = () =>
          call(fixture.server, 'POST', `/v1/portal/reports/schedules/${schedule.body.id}/run`, {
            token: fixture.admin,
          });
        // Four outside addresses a run: two runs fit the ten, the third is refused and not queued.
        expect((await runNow()).status).toBe(202);
        expect((await runNow()).status).toBe(202);
        const third = await runNow();
        expect(third.status).toBe(429);
        expect(third.body).toMatchObject({
          field: 'id',
          message: expect.stringContaining('outside'),
        });
        const wait = Number(third.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(86_000);
        expect(wait).toBeLessThanOrEqual(86_400);
        expect(await runs()).toBe(2);
        await fixture.server.app.reports.idle();

        // Invitations count for the user (eight runs' mails so far): eight fit, three more do not;
        // more than a cap at once is a 400.
        const invite = (count: number, prefix: string) =>
          call(fixture.server, 'POST', '/v1/users/invitation', {
            token: fixture.admin,
            body: {
              emails: Array.from({ length: count }, (_, i) => `${prefix}.${i}.cap@example.com`),
              role: 'viewer',
            },
          });
        expect((await invite(8, 'fits')).status).toBe(201);
        const over = await invite(3, 'over');
        expect(over).toMatchObject({ status: 429, body: { field: 'emails' } });
        expect(
          (await list(fixture.server, fixture.admin, { filter: { q: 'over.0.cap' } })).body,
        ).toEqual([]);
        const userCap = fixture.server.config.mailCaps.userPerDay;
        expect(userCap + 1).toBeLessThanOrEqual(100);
        expect(await invite(userCap + 1, 'huge')).toMatchObject({
          status: 400,
          body: { field: 'emails' },
        });

        // Staff see the organisation's counts against the caps.
        const staff = (await signIn(fixture.server, 'staff@demo.example')).token;
        const outbox = await call<{
          mailCaps: { organisations: { organisationName: string; outside: number }[] };
        }>(fixture.server, 'GET', '/v1/admin/outbox', { token: staff });
        expect(
          outbox.body.mailCaps.organisations.find(
            (row) => row.organisationName === 'Northbank Plant Hire',
          ),
        ).toMatchObject({ outside: before.outside + 8 });
      } finally {
        fixture.server.config.mailCaps = saved;
      }
    });

    it('lets staff create a user directly, and nobody else', async () => {
      const staff = (await signIn(fixture.server, 'staff@demo.example')).token;
      const [harrow] = await fixture.server.db.query<{ id: string }>(
        `SELECT id FROM organisation WHERE name = 'Harrow Civil Engineering'`,
      );
      const body = {
        email: `direct.${fixture.database.kind}@example.com`,
        firstName: 'Dee',
        lastName: 'Rect',
        role: 'viewer',
        organisationId: harrow?.id,
        password: STRONG,
      };
      expect(
        (await call(fixture.server, 'POST', '/v1/portal/users', { token: fixture.admin, body }))
          .status,
      ).toBe(403);
      const created = await call<UserRecord>(fixture.server, 'POST', '/v1/portal/users', {
        token: staff,
        body,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        organisationName: 'Harrow Civil Engineering',
        status: 'active',
      });
      await signIn(fixture.server, body.email, STRONG);
      const twice = await call(fixture.server, 'POST', '/v1/portal/users', { token: staff, body });
      expect(twice.status).toBe(409);
    });
  },
);
