// Invitations (spec point 7): validate the addresses, invite, read an invitation by its link,
// accept it, and reinvite someone whose link expired or got lost.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AcceptInvitationBody,
  AcceptInvitationReply,
  InvitationBody,
  InvitationDetails,
  InvitationReply,
  InvitationValidateBody,
  InvitationValidateReply,
  TokenQuery,
  UserIdQuery,
  UserRecord,
} from '../../../src/domain/api/users.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../httpError.ts';
import {
  type AccountToken,
  findAccountToken,
  requireStrongPassword,
  useAccountToken,
} from '../accounts/index.ts';
import { throttledLookup } from '../../security/tokenLookup.ts';
import { recordAudit } from '../audit/index.ts';
import { hashPassword } from '../../security/passwords.ts';
import { sendMail } from '../mail/index.ts';
import { reserveMail } from '../mailCaps/index.ts';
import { findInDirectory, listDirectory } from './directory.ts';
import { callerOf } from './directoryRoutes.ts';
import {
  alreadyInvited,
  createInvitations,
  describeInviter,
  invitationMailFor,
} from './invitations.ts';
import { inScope, managedScope, mayGrant } from './manage.ts';
import { EMAIL_ALREADY_EXISTS } from './membershipWrites.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Spec point 8's codes for a link that cannot be used, each a 400 naming `token`. */
function refuseToken(token: AccountToken | undefined): asserts token is AccountToken {
  if (!token || token.state === 'revoked')
    throw new HttpError(400, 'INVALID_TOKEN', 'This invitation link is not valid', 'token');
  if (token.state === 'used')
    throw new HttpError(400, 'ALREADY_ACCEPTED', 'This invitation was already accepted', 'token');
  if (token.state === 'expired')
    throw new HttpError(400, 'EXPIRED', 'This invitation has expired; ask for a new one', 'token');
}

/** Lower-cased, each once, in the order given. */
const distinctEmails = (emails: string[]) => [
  ...new Set(emails.map((e) => e.trim().toLowerCase())),
];

export const invitationRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config, signInLimits },
) => {
  const log = app.log;

  app.post(
    '/v1/users/invitation/validate',
    {
      config: { access: 'write' },
      schema: {
        tags: ['users'],
        body: InvitationValidateBody,
        response: { 200: InvitationValidateReply },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const organisationId = request.body.organisationId ?? caller.organisation.id;
      if (!inScope(await managedScope(db, caller), organisationId))
        throw notFound('No such organisation among those you manage');
      return alreadyInvited(db, organisationId, distinctEmails(request.body.emails));
    },
  );

  app.post(
    '/v1/users/invitation',
    {
      config: { access: 'write' },
      schema: { tags: ['users'], body: InvitationBody, response: { 201: InvitationReply } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { role } = request.body;
      const organisationId = request.body.organisationId ?? caller.organisation.id;
      const managed = await managedScope(db, caller);
      if (!inScope(managed, organisationId))
        throw notFound('No such organisation among those you manage');
      if (!mayGrant(caller.role, role)) throw forbidden(`You may not give the ${role} role`);
      const emails = distinctEmails(request.body.emails);
      const taken = await alreadyInvited(db, organisationId, emails);
      if (taken.length > 0) {
        throw new HttpError(
          409,
          EMAIL_ALREADY_EXISTS,
          `Already in the organisation: ${taken.map((t) => t.email).join(', ')}`,
          'emails',
        );
      }
      await reserveMail(
        db,
        config.mailCaps,
        {
          organisationId: caller.organisation.id,
          userId: caller.userId,
          kind: 'invitation',
          members: emails.length,
          outside: 0,
        },
        'emails',
      );
      const { userIds, mails } = await db.transaction(async (tx) => {
        const created = await createInvitations(tx, config, {
          emails,
          role,
          organisationId,
          invitedBy: caller.userId,
          inviterOrganisationId: caller.organisation.id,
        });
        for (const [i, userId] of created.userIds.entries()) {
          await recordAudit(tx, {
            action: 'user.invited',
            organisationId,
            actorUserId: caller.userId,
            subjectUserId: userId,
            details: { email: emails[i], role },
          });
        }
        return created;
      });
      await sendMail(db, config, log, mails);
      const { users } = await listDirectory(db, {
        scope: new Set([organisationId]),
        visible: managed,
        ids: userIds,
        limit: userIds.length,
      });
      return reply.code(201).send({ invited: users });
    },
  );

  app.post(
    '/v1/users/:id/reinvite',
    {
      config: { access: 'write' },
      schema: {
        tags: ['users'],
        params: IdParams,
        querystring: UserIdQuery,
        response: { 200: UserRecord },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const managed = await managedScope(db, caller);
      const organisationId = request.query.organisationId ?? caller.organisation.id;
      const user = inScope(managed, organisationId)
        ? await findInDirectory(db, request.params.id, managed, managed, organisationId)
        : undefined;
      if (!user) throw notFound('No such user');
      if (user.status === 'active')
        throw new HttpError(409, 'ALREADY_ACCEPTED', `${user.email} is already a member`);
      await reserveMail(
        db,
        config.mailCaps,
        {
          organisationId: caller.organisation.id,
          userId: caller.userId,
          kind: 'reinvitation',
          members: 1,
          outside: 0,
        },
        'id',
      );
      const mail = await db.transaction(async (tx) => {
        const next = await invitationMailFor(tx, config, {
          userId: user.id,
          email: user.email,
          organisationId,
          organisationName: user.organisationName,
          invitedBy: caller.userId,
          inviter: await describeInviter(tx, caller.userId, caller.organisation.id),
        });
        await recordAudit(tx, {
          action: 'user.reinvited',
          organisationId,
          actorUserId: caller.userId,
          subjectUserId: user.id,
          details: { email: user.email },
        });
        return next;
      });
      await sendMail(db, config, log, [mail]);
      const updated = await findInDirectory(db, user.id, managed, managed, organisationId);
      if (!updated) throw notFound('No such user');
      return updated;
    },
  );

  /** The invitation a link names, throttled, refused with its code unless it can be used. */
  async function usableInvitation(address: string, token: string): Promise<AccountToken> {
    const found = await throttledLookup(db, signInLimits.token, address, 'invitation', () =>
      findAccountToken(db, 'invitation', token),
    );
    refuseToken(found);
    return found;
  }

  app.get(
    '/v1/users/invitation',
    {
      config: { access: 'public' },
      schema: { tags: ['users'], querystring: TokenQuery, response: { 200: InvitationDetails } },
    },
    async (request) => {
      const invitation = await usableInvitation(request.ip, request.query.token);
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
      if (!row)
        throw new HttpError(400, 'INVALID_TOKEN', 'This invitation link is not valid', 'token');
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
    },
  );

  app.post(
    '/v1/users/invitation/accept',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        body: AcceptInvitationBody,
        response: { 200: AcceptInvitationReply },
      },
    },
    async (request) => {
      const invitation = await usableInvitation(request.ip, request.body.token);
      const organisationId = invitation.organisationId;
      if (!organisationId)
        throw new HttpError(400, 'INVALID_TOKEN', 'This invitation link is not valid', 'token');
      const [user] = await db.query<{
        email: string;
        first_name: string;
        last_name: string;
        has_password: boolean;
      }>(
        'SELECT email, first_name, last_name, password_hash IS NOT NULL AS has_password FROM app_user WHERE id = $1',
        [invitation.userId],
      );
      if (!user)
        throw new HttpError(400, 'INVALID_TOKEN', 'This invitation link is not valid', 'token');
      const { password, firstName, lastName } = request.body;
      let passwordHash: string | null = null;
      if (!user.has_password) {
        if (!password) throw badRequest('password', 'A new account needs a password');
        requireStrongPassword(password, [
          user.email,
          firstName ?? user.first_name,
          lastName ?? user.last_name,
        ]);
        passwordHash = await hashPassword(password);
      }
      return db.transaction(async (tx) => {
        // Used inside the transaction: of two acceptances at once, only one gets here.
        if (!(await useAccountToken(tx, invitation.id)))
          throw new HttpError(
            400,
            'ALREADY_ACCEPTED',
            'This invitation was already accepted',
            'token',
          );
        if (passwordHash) {
          await tx.query(
            `UPDATE app_user SET password_hash = $2, first_name = coalesce($3, first_name),
                    last_name = coalesce($4, last_name), email_confirmed_at = coalesce(email_confirmed_at, now())
              WHERE id = $1`,
            [invitation.userId, passwordHash, firstName ?? null, lastName ?? null],
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
          details: { newAccount: passwordHash !== null },
        });
        const [organisation] = await tx.query<{ name: string }>(
          'SELECT name FROM organisation WHERE id = $1',
          [organisationId],
        );
        return {
          email: user.email,
          organisationId,
          organisationName: organisation?.name ?? '',
        };
      });
    },
  );
};
