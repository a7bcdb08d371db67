// An invitation as its link's holder sees it: what it invites to, and its acceptance, which makes
// the member (setting the password of a new account, or linking an existing one).
import type { AcceptInvitationReply, InvitationDetails } from '../../../src/domain/api/users.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { type AccountToken, useAccountToken } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { describeInviter } from './invitations.ts';

const invalidLink = () =>
  new HttpError(400, 'INVALID_TOKEN', 'This invitation link is not valid', 'token');

/** Spec point 8's codes for a link that cannot be used, each a 400 naming `token`. */
export function refuseToken(token: AccountToken | undefined): asserts token is AccountToken {
  if (!token || token.state === 'revoked') throw invalidLink();
  if (token.state === 'used')
    throw new HttpError(400, 'ALREADY_ACCEPTED', 'This invitation was already accepted', 'token');
  if (token.state === 'expired')
    throw new HttpError(400, 'EXPIRED', 'This invitation has expired; ask for a new one', 'token');
}

export async function invitationDetails(
  db: Database,
  invitation: AccountToken,
): Promise<InvitationDetails> {
  const [row] = await db.query<{
    email: string;
    organisation_name: string;
    role: InvitationDetails['role'];
    has_password: boolean;
  }>(
    `SELECT u.email, o.name AS organisation_name, m.role, u.password_hash IS NOT NULL AS has_password
       FROM app_user u JOIN membership m ON m.user_id = u.id
       JOIN organisation o ON o.id = m.organisation_id
      WHERE u.id = $1 AND m.organisation_id = $2`,
    [invitation.userId, invitation.organisationId],
  );
  if (!row) throw invalidLink();
  const invitedBy =
    invitation.createdBy && invitation.organisationId
      ? await describeInviter(db, invitation.createdBy, invitation.organisationId)
      : null;
  return {
    email: row.email,
    organisationName: row.organisation_name,
    role: row.role,
    invitedBy,
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: row.has_password,
  };
}

/** The account an invitation is for; a new one (without a password) must choose one. */
export async function invitedAccount(db: Database, invitation: AccountToken) {
  if (!invitation.organisationId) throw invalidLink();
  const [user] = await db.query<{
    email: string;
    first_name: string;
    last_name: string;
    has_password: boolean;
  }>(
    'SELECT email, first_name, last_name, password_hash IS NOT NULL AS has_password FROM app_user WHERE id = $1',
    [invitation.userId],
  );
  if (!user) throw invalidLink();
  return user;
}

/**
 * Uses the link and makes the membership active (the member's default if it has none), with a
 * new account's password and names; one transaction, in the audit trail.
 */
export async function acceptInvitation(
  db: Database,
  invitation: AccountToken,
  account: {
    email: string;
    passwordHash: string | null;
    firstName?: string | undefined;
    lastName?: string | undefined;
  },
): Promise<AcceptInvitationReply> {
  const organisationId = invitation.organisationId;
  if (!organisationId) throw invalidLink();
  return db.transaction(async (tx) => {
    // Used inside the transaction: of two acceptances at once, only one gets here.
    if (!(await useAccountToken(tx, invitation.id)))
      throw new HttpError(400, 'ALREADY_ACCEPTED', 'This invitation was already accepted', 'token');
    if (account.passwordHash) {
      await tx.query(
        `UPDATE app_user SET password_hash = $2, first_name = coalesce($3, first_name),
                last_name = coalesce($4, last_name), email_confirmed_at = coalesce(email_confirmed_at, now())
          WHERE id = $1`,
        [
          invitation.userId,
          account.passwordHash,
          account.firstName ?? null,
          account.lastName ?? null,
        ],
      );
    }
    await tx.query(
      `UPDATE membership SET state = 'active',
              is_default = NOT EXISTS (SELECT 1 FROM membership d
                                        WHERE d.user_id = $1 AND d.is_default AND d.state = 'active')
        WHERE user_id = $1 AND organisation_id = $2`,
      [invitation.userId, organisationId],
    );
    await recordAudit(tx, {
      action: 'invitation.accepted',
      organisationId,
      actorUserId: invitation.userId,
      subjectUserId: invitation.userId,
      details: { newAccount: account.passwordHash !== null },
    });
    const [organisation] = await tx.query<{ name: string }>(
      'SELECT name FROM organisation WHERE id = $1',
      [organisationId],
    );
    return { email: account.email, organisationId, organisationName: organisation?.name ?? '' };
  });
}
