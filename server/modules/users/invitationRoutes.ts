// Invitations (spec point 7): validate the addresses, invite, and reinvite someone whose link
// expired or got lost. The link's own routes are in invitationLinkRoutes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  InvitationBody,
  InvitationReply,
  InvitationValidateBody,
  InvitationValidateReply,
  UserIdQuery,
  UserRecord,
} from '../../../src/domain/api/users.ts';
import type { Config } from '../../config.ts';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { forbidden, HttpError, notFound } from '../../httpError.ts';
import { sendMail } from '../mail/index.ts';
import { reserveMail } from '../mailCaps/index.ts';
import { findInDirectory, listDirectory } from './directory.ts';
import { callerOf, IdParams } from './requests.ts';
import { alreadyInvited, inviteMembers, reinviteMember } from './invitations.ts';
import { type Caller, inScope, managedScope, mayGrant } from './manage.ts';
import { EMAIL_ALREADY_EXISTS } from './membershipWrites.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

/** Lower-cased, each once, in the order given. */
const distinctEmails = (emails: string[]) => [
  ...new Set(emails.map((e) => e.trim().toLowerCase())),
];

/** The organisation a request names (else the caller's own), among those the caller manages. */
async function managedOrganisation(db: Database, caller: Caller, organisationId?: string) {
  const managed = await managedScope(db, caller);
  const id = organisationId ?? caller.organisation.id;
  if (!inScope(managed, id)) throw notFound('No such organisation among those you manage');
  return { managed, organisationId: id };
}

/** Invitations are mail to members-to-be: counted against the caller's caps before any is made. */
const reserveInvitationMail = (
  db: Database,
  config: Config,
  caller: Caller,
  mail: { kind: 'invitation' | 'reinvitation'; count: number; field: string },
) =>
  reserveMail(
    db,
    config.mailCaps,
    {
      organisationId: caller.organisation.id,
      userId: caller.userId,
      kind: mail.kind,
      members: mail.count,
      outside: 0,
    },
    mail.field,
  );

export const invitationRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  const log = app.log;

  app.post(
    endpoints.users.invitationValidate,
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
      const { organisationId } = await managedOrganisation(db, caller, request.body.organisationId);
      return alreadyInvited(db, organisationId, distinctEmails(request.body.emails));
    },
  );

  app.post(
    endpoints.users.invitation,
    {
      config: { access: 'write' },
      schema: { tags: ['users'], body: InvitationBody, response: { 201: InvitationReply } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { role } = request.body;
      const { managed, organisationId } = await managedOrganisation(
        db,
        caller,
        request.body.organisationId,
      );
      if (!mayGrant(caller.role, role)) throw forbidden(`You may not give the ${role} role`);
      const asked = distinctEmails(request.body.emails);
      // Addresses already in the organisation are left out and reported; the others are invited.
      const skipped = await alreadyInvited(db, organisationId, asked);
      const taken = new Set(skipped.map((item) => item.email));
      const emails = asked.filter((email) => !taken.has(email));
      if (emails.length === 0) {
        throw new HttpError(
          409,
          EMAIL_ALREADY_EXISTS,
          `Already in the organisation: ${asked.join(', ')}`,
          'emails',
        );
      }
      await reserveInvitationMail(db, config, caller, {
        kind: 'invitation',
        count: emails.length,
        field: 'emails',
      });
      const { userIds, mails } = await inviteMembers(db, config, {
        emails,
        role,
        organisationId,
        invitedBy: caller.userId,
        inviterOrganisationId: caller.organisation.id,
      });
      await sendMail(db, config, log, mails);
      const { users } = await listDirectory(db, {
        scope: new Set([organisationId]),
        visible: managed,
        ids: userIds,
        limit: userIds.length,
      });
      return reply.code(201).send({ invited: users, skipped });
    },
  );

  app.post(
    endpoints.users.reinvite,
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
      await reserveInvitationMail(db, config, caller, {
        kind: 'reinvitation',
        count: 1,
        field: 'id',
      });
      const mail = await reinviteMember(db, config, {
        user,
        organisationId,
        invitedBy: caller.userId,
        inviterOrganisationId: caller.organisation.id,
      });
      await sendMail(db, config, log, [mail]);
      const updated = await findInDirectory(db, user.id, managed, managed, organisationId);
      if (!updated) throw notFound('No such user');
      return updated;
    },
  );
};
