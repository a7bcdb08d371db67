// Who a provider's sign-in is in the portal: the user linked to its subject, else the account of
// its (verified) address, linked from then on, else, where the provider allows it, a new member of
// the provider's organisation.
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { recordAudit } from '../audit/index.ts';
import type { AccountRule, SsoProvider } from './providers.ts';

/** Who a provider says signed in. */
export interface SsoPerson {
  /** The provider's stable name for them (OIDC `sub`, SAML NameID). */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export async function accountForSso(
  db: Queryable,
  provider: SsoProvider,
  settings: AccountRule,
  person: SsoPerson,
): Promise<string> {
  if ((person.email.split('@').pop() ?? '') !== provider.emailDomain.toLowerCase())
    throw new HttpError(
      403,
      'SSO_WRONG_DOMAIN',
      `The identity provider signed in ${person.email}, outside ${provider.emailDomain}`,
    );
  const [linked] = await db.query<{ user_id: string }>(
    `SELECT i.user_id FROM sso_identity i JOIN app_user u ON u.id = i.user_id
      WHERE i.provider_id = $1 AND i.subject = $2 AND u.disabled_at IS NULL`,
    [provider.id, person.subject],
  );
  if (linked) return linked.user_id;
  const [existing] = await db.query<{ id: string }>(
    'SELECT id FROM app_user WHERE lower(email) = $1 AND disabled_at IS NULL',
    [person.email],
  );
  let userId = existing?.id;
  if (!userId) {
    if (!settings.createUsers || !provider.organisationId)
      throw new HttpError(
        403,
        'SSO_NO_ACCOUNT',
        `${person.email} has no account here; ask your administrator for an invitation`,
      );
    const [created] = await db.query<{ id: string }>(
      `INSERT INTO app_user (email, first_name, last_name) VALUES ($1, $2, $3)
       ON CONFLICT (lower(email)) DO UPDATE SET disabled_at = NULL, password_hash = NULL
       RETURNING id`,
      [person.email, person.firstName, person.lastName],
    );
    if (!created) throw new Error('no user id');
    userId = created.id;
    await db.query(
      `INSERT INTO membership (user_id, organisation_id, role, is_default)
       VALUES ($1, $2, $3, true) ON CONFLICT DO NOTHING`,
      [userId, provider.organisationId, settings.defaultRole],
    );
    await recordAudit(db, {
      action: 'user.created',
      organisationId: provider.organisationId,
      actorUserId: null,
      subjectUserId: userId,
      details: { email: person.email, role: settings.defaultRole, via: provider.name },
    });
  }
  await db.query(
    `INSERT INTO sso_identity (provider_id, subject, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (provider_id, subject) DO UPDATE SET user_id = EXCLUDED.user_id`,
    [provider.id, person.subject, userId],
  );
  return userId;
}
