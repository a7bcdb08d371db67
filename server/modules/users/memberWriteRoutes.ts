// Changes to the people of an organisation (spec point 7): a member's name, role or status, their
// removal, and staff's direct creation; each in the audit trail, in the same transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateUserBody,
  DeleteUsersBody,
  DeleteUsersReply,
  LAST_ADMIN,
  UserPatch,
  UserRecord,
} from '../../../src/domain/api/users.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { Role } from '../../../src/domain/constants.ts';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { forbidden, HttpError, notFound } from '../../httpError.ts';
import { recordAudit } from '../audit/index.ts';
import { findInDirectory, listDirectory } from './directory.ts';
import { inScope, managedScope, mayGrant, outranks, type Caller, type Scope } from './manage.ts';
import { createUser, otherAdmins, removeMembers, updateUser } from './membershipWrites.ts';
import { callerOf, IdParams } from './requests.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const lastAdmin = (field: string) =>
  new HttpError(409, LAST_ADMIN, 'An organisation keeps at least one admin', field);

/** The organisation a write is about: the one named, else the caller's own; 404 outside scope. */
function targetOrganisation(scope: Scope, caller: Caller, organisationId?: string): string {
  const id = organisationId ?? caller.organisation.id;
  if (!inScope(scope, id)) throw notFound('No such organisation among those you manage');
  return id;
}

/** Removes the members and writes each removal to the audit trail; returns the sessions to end. */
const removeAudited = (
  db: Database,
  caller: Caller,
  organisationId: string,
  users: { id: string; email: string; role: Role }[],
) =>
  db.transaction(async (tx) => {
    const ended = await removeMembers(
      tx,
      organisationId,
      users.map((user) => user.id),
    );
    for (const user of users) {
      await recordAudit(tx, {
        action: 'user.deleted',
        organisationId,
        actorUserId: caller.userId,
        subjectUserId: user.id,
        details: { email: user.email, role: user.role },
      });
    }
    return ended;
  });

const createAudited = (db: Database, caller: Caller, body: CreateUserBody) =>
  db.transaction(async (tx) => {
    const id = await createUser(tx, body);
    await recordAudit(tx, {
      action: 'user.created',
      organisationId: body.organisationId,
      actorUserId: caller.userId,
      subjectUserId: id,
      details: { email: body.email, role: body.role },
    });
    return id;
  });

export const memberWriteRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, sessions },
) => {
  app.patch(
    endpoints.users.item,
    {
      config: { access: 'write' },
      schema: {
        tags: ['users'],
        params: IdParams,
        body: UserPatch,
        response: { 200: UserRecord },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const managed = await managedScope(db, caller);
      const { id } = request.params;
      const { organisationId: named, ...changes } = request.body;
      const current =
        (await findInDirectory(db, id, managed, managed, named ?? caller.organisation.id)) ??
        (named ? undefined : await findInDirectory(db, id, managed, managed));
      if (!current) throw notFound('No such user');
      if (changes.role && changes.role !== current.role) {
        if (!mayGrant(caller.role, changes.role))
          throw forbidden(`You may not give the ${changes.role} role`);
        if (id === caller.userId && outranks(changes.role, caller.role))
          throw forbidden('You may not raise your own role');
        if (outranks(current.role, caller.role))
          throw forbidden('You may not change the role of someone above you');
        if (
          current.role === 'admin' &&
          current.status === 'active' &&
          (await otherAdmins(db, current.organisationId, [id])) === 0
        )
          throw lastAdmin('role');
      }
      await db.transaction(async (tx) => {
        await updateUser(tx, { id, organisationId: current.organisationId, changes });
        await recordAudit(tx, {
          action: 'user.updated',
          organisationId: current.organisationId,
          actorUserId: caller.userId,
          subjectUserId: id,
          details: { changes },
        });
      });
      const updated = await findInDirectory(db, id, managed, managed, current.organisationId);
      if (!updated) throw notFound('No such user');
      return updated;
    },
  );

  app.post(
    endpoints.users.delete,
    {
      config: { access: 'write' },
      schema: { tags: ['users'], body: DeleteUsersBody, response: { 200: DeleteUsersReply } },
    },
    async (request) => {
      const caller = callerOf(request);
      const managed = await managedScope(db, caller);
      const organisationId = targetOrganisation(managed, caller, request.body.organisationId);
      const { userIds } = request.body;
      if (userIds.includes(caller.userId))
        throw new HttpError(409, ERROR_CODES.conflict, 'You cannot delete yourself', 'userIds');
      const { users } = await listDirectory(db, {
        scope: new Set([organisationId]),
        visible: managed,
        ids: userIds,
        limit: userIds.length,
      });
      if (users.length < userIds.length)
        throw new HttpError(
          404,
          ERROR_CODES.notFound,
          'Not every one of these users is in that organisation',
          'userIds',
        );
      const above = users.find((user) => outranks(user.role, caller.role));
      if (above) throw forbidden(`You may not delete ${above.email}, whose role is above yours`);
      const removesAdmin = users.some((user) => user.role === 'admin' && user.status === 'active');
      if (removesAdmin && (await otherAdmins(db, organisationId, userIds)) === 0)
        throw lastAdmin('userIds');
      const ended = await removeAudited(db, caller, organisationId, users);
      // Their access tokens die with their sessions at once, not when they expire.
      for (const sessionId of ended) await sessions.end(sessionId, 'user-deleted');
      return { deleted: userIds };
    },
  );

  app.post(
    endpoints.portal.users.root,
    {
      config: { access: 'staff' },
      schema: { tags: ['users'], body: CreateUserBody, response: { 201: UserRecord } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      const userId = await createAudited(db, caller, body);
      const created = await findInDirectory(db, userId, 'all', 'all', body.organisationId);
      if (!created) throw notFound('No such user');
      return reply.code(201).send(created);
    },
  );
};
