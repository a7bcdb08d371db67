// Invitations: a pending membership and a single-use link by mail; accepting it makes the member
// (setting the password of a new account, or linking an existing one to one more organisation).
import type { InvitationValidateReply } from '../../../src/domain/api/users.ts';
import type { Role } from '../../../src/domain/constants.ts';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { invitationMail, issueAccountToken, mailLanguage } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { mailBrandOf } from '../brand/index.ts';
import type { Mail } from '../mail/index.ts';
import { EMAIL_ALREADY_EXISTS } from './membershipWrites.ts';

/** The addresses already in the organisation, as members or invited. */
export async function alreadyInvited(
  db: Queryable,
  organisationId: string,
  emails: string[],
): Promise<InvitationValidateReply> {
  const rows = await db.query<{ email: string }>(
    `SELECT lower(u.email) AS email FROM app_user u JOIN membership m ON m.user_id = u.id
      WHERE m.organisation_id = $1 AND lower(u.email) = ANY($2) AND u.disabled_at IS NULL`,
    [organisationId, emails.map((email) => email.toLowerCase())],
  );
  const taken = new Set(rows.map((row) => row.email));
  return emails
    .filter((email) => taken.has(email.toLowerCase()))
    .map((email) => ({ email, code: EMAIL_ALREADY_EXISTS }));
}

/**
 * The user of an address: the existing account (re-enabled without its old password if it had
 * been deleted), else a new one without a password until the invitation is accepted.
 */
async function accountFor(db: Queryable, email: string): Promise<string> {
  const [existing] = await db.query<{ id: string; disabled: boolean }>(
    'SELECT id, disabled_at IS NOT NULL AS disabled FROM app_user WHERE lower(email) = lower($1)',
    [email],
  );
  if (existing?.disabled) {
    await db.query(
      'UPDATE app_user SET disabled_at = NULL, password_hash = NULL, email_confirmed_at = NULL WHERE id = $1',
      [existing.id],
    );
  }
  if (existing) return existing.id;
  const [created] = await db.query<{ id: string }>(
    'INSERT INTO app_user (email) VALUES ($1) RETURNING id',
    [email],
  );
  if (!created) throw new Error('no user id');
  return created.id;
}

/** "Alex Morgan (admin@example.com) of Northbank Plant Hire", as the mail names who invited. */
export async function describeInviter(db: Queryable, userId: string, organisationId: string) {
  const [row] = await db.query<{ name: string; email: string; organisation: string }>(
    `SELECT trim(u.first_name || ' ' || u.last_name) AS name, u.email, o.name AS organisation
       FROM app_user u, organisation o WHERE u.id = $1 AND o.id = $2`,
    [userId, organisationId],
  );
  if (!row) return null;
  return `${row.name ? `${row.name} (${row.email})` : row.email} of ${row.organisation}`;
}

export interface InvitationRequest {
  emails: string[];
  role: Role;
  organisationId: string;
  invitedBy: string;
  /** The inviter's own organisation, named in the mail. */
  inviterOrganisationId: string;
}

/** Creates the pending memberships and their tokens; returns the user ids and the mails to send. */
export async function createInvitations(
  db: Queryable,
  config: Pick<Config, 'publicUrl' | 'invitationTtlS'>,
  request: InvitationRequest,
): Promise<{ userIds: string[]; mails: Mail[] }> {
  const [organisation] = await db.query<{ name: string }>(
    'SELECT name FROM organisation WHERE id = $1',
    [request.organisationId],
  );
  const inviter = await describeInviter(db, request.invitedBy, request.inviterOrganisationId);
  const userIds: string[] = [];
  const mails: Mail[] = [];
  for (const email of request.emails) {
    const userId = await accountFor(db, email);
    await db.query(
      `INSERT INTO membership (user_id, organisation_id, role, state, invited_by)
       VALUES ($1, $2, $3, 'invited', $4)`,
      [userId, request.organisationId, request.role, request.invitedBy],
    );
    userIds.push(userId);
    mails.push(
      await invitationMailFor(db, config, {
        userId,
        email,
        organisationId: request.organisationId,
        organisationName: organisation?.name ?? '',
        invitedBy: request.invitedBy,
        inviter,
      }),
    );
  }
  return { userIds, mails };
}

/** A new token for a pending membership (revoking any older one) and the mail that carries it. */
export async function invitationMailFor(
  db: Queryable,
  config: Pick<Config, 'publicUrl' | 'invitationTtlS'>,
  invite: {
    userId: string;
    email: string;
    organisationId: string;
    organisationName: string;
    invitedBy: string;
    inviter: string | null;
  },
): Promise<Mail> {
  const { token, expiresAt } = await issueAccountToken(
    db,
    'invitation',
    { userId: invite.userId, organisationId: invite.organisationId, createdBy: invite.invitedBy },
    config.invitationTtlS,
  );
  const language = await mailLanguage(db, invite.email, { userId: invite.invitedBy });
  const mail = invitationMail(config.publicUrl, language, {
    to: invite.email,
    token,
    expiresAt,
    organisationName: invite.organisationName,
    inviter: invite.inviter,
  });
  // Invited into an organisation: the mail wears its brand.
  return { ...mail, brand: await mailBrandOf(db, invite.organisationId) };
}

/** Invites every address in one transaction, each in the audit trail; returns the mails to send. */
export async function inviteMembers(
  db: Database,
  config: Pick<Config, 'publicUrl' | 'invitationTtlS'>,
  request: InvitationRequest,
): Promise<{ userIds: string[]; mails: Mail[] }> {
  return db.transaction(async (tx) => {
    const created = await createInvitations(tx, config, request);
    for (const [i, userId] of created.userIds.entries()) {
      await recordAudit(tx, {
        action: 'user.invited',
        organisationId: request.organisationId,
        actorUserId: request.invitedBy,
        subjectUserId: userId,
        details: { email: request.emails[i], role: request.role },
      });
    }
    return created;
  });
}

/** A new link for a pending member, in the audit trail; returns the mail to send. */
export async function reinviteMember(
  db: Database,
  config: Pick<Config, 'publicUrl' | 'invitationTtlS'>,
  invite: {
    user: { id: string; email: string; organisationName: string };
    organisationId: string;
    invitedBy: string;
    inviterOrganisationId: string;
  },
): Promise<Mail> {
  const { user, organisationId, invitedBy } = invite;
  return db.transaction(async (tx) => {
    const mail = await invitationMailFor(tx, config, {
      userId: user.id,
      email: user.email,
      organisationId,
      organisationName: user.organisationName,
      invitedBy,
      inviter: await describeInviter(tx, invitedBy, invite.inviterOrganisationId),
    });
    await recordAudit(tx, {
      action: 'user.reinvited',
      organisationId,
      actorUserId: invitedBy,
      subjectUserId: user.id,
      details: { email: user.email },
    });
    return mail;
  });
}
