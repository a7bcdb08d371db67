// The account mails in the recipient's language: their own setting; else the inviter's; else the
// asking browser's; else English. The unsubscribe footer follows.
import { describe, expect, it } from 'vitest';
import { acceptedLanguage } from '../../server/modules/accounts/mailLanguage.ts';
import { signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describe('the mail language of an Accept-Language header', () => {
  it('takes the first language the mails speak', () => {
    expect(acceptedLanguage('pt-BR,fr-CH;q=0.9,en;q=0.8')).toBe('fr');
    expect(acceptedLanguage('zh-CN')).toBe('zh');
    expect(acceptedLanguage('pt, es')).toBeUndefined();
    expect(acceptedLanguage(undefined)).toBeUndefined();
  });
});

describeServer(
  'account mails in the recipient’s language',
  { env: { REGISTRATION: 'open' } },
  (fixture) => {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${fixture.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const lastMailTo = async (to: string) => {
      const [mail] = await fixture.server.db.query<{ subject: string; body: string }>(
        `SELECT subject, body FROM mail_outbox WHERE to_address = $1
        ORDER BY created_at DESC LIMIT 1`,
        [to],
      );
      return mail;
    };

    it('writes a reset in the user’s own language, whatever the browser asks', async () => {
      await fixture.server.db.query(
        `UPDATE app_user SET settings = settings || '{"language":"de"}' WHERE email = $1`,
        ['viewer@demo.example'],
      );
      const asked = await post(
        '/v1/auth/reset-password',
        { email: 'viewer@demo.example' },
        { 'accept-language': 'fr' },
      );
      expect(asked.status).toBe(202);
      await fixture.server.app.afterReply.idle();
      expect((await lastMailTo('viewer@demo.example'))?.subject).toBe(
        'Passwort für das Flottenportal zurücksetzen',
      );
    });

    it('writes a registration in the browser’s language', async () => {
      const email = 'fondatrice@example.fr';
      const registered = await post(
        '/v1/auth/register',
        {
          organisationName: 'Location Lyon',
          organisationType: 'rental',
          timezone: 'Europe/Paris',
          firstName: 'Anne',
          lastName: 'Martin',
          email,
          password: 'Lantern-quarry-harbour-71',
        },
        { 'accept-language': 'fr-FR,fr;q=0.9' },
      );
      expect(registered.status).toBe(202);
      expect((await lastMailTo(email))?.subject).toBe(
        'Confirmez votre adresse e-mail pour le portail de flotte',
      );
    });

    it('writes an invitation to a newcomer in the inviter’s language, with its footer', async () => {
      await fixture.server.db.query(
        `UPDATE app_user SET settings = settings || '{"language":"nl"}' WHERE email = $1`,
        ['admin@demo.example'],
      );
      const { token } = await signIn(fixture.server);
      const invited = await fetch(`${fixture.server.url}/v1/users/invitation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ emails: ['nieuw@example.nl'], role: 'viewer' }),
      });
      expect(invited.status).toBeLessThan(300);
      const mail = await lastMailTo('nieuw@example.nl');
      expect(mail?.subject).toMatch(/^Uitnodiging voor /);
      expect(mail?.body).toContain('Om deze e-mails niet meer te ontvangen:');
    });
  },
);
