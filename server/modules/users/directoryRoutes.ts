// The people of an organisation (spec point 7): list, read, change, delete, and staff's direct
// creation. Lists speak ra-data-simple-rest's query and Content-Range, the portal's CRUD provider.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CreateUserBody,
  DeleteUsersBody,
  DeleteUsersReply,
  USER_SORT_FIELDS,
  USER_STATUSES,
  UserIdQuery,
  UserListQuery,
  UserPatch,
  LAST_ADMIN,
  ManagedOrganisationsReply,
  UserRecord,
  type UserListFilter,
} from '../../../src/domain/api/users.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import { ROLES, type OrganisationType } from '../../../src/domain/constants.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { recordAudit } from '../audit/index.ts';
import { findInDirectory, listDirectory, narrow } from './directory.ts';
import {
  customerOrganisations,
  inScope,
  managedScope,
  mayGrant,
  outranks,
  scopeParam,
  visibleScope,
  type Caller,
  type Scope,
} from './manage.ts';
import { createUser, otherAdmins, removeMembers, updateUser } from './membershipWrites.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const callerOf = (request: FastifyRequest): Caller => ({
  userId: request.auth.sub,
  role: request.auth.role,
  organisation: request.organisation,
});

/** The list's `filter`, each key checked and named when wrong. */
function readFilter(filter: Record<string, unknown>): UserListFilter {
  const out: UserListFilter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q' && typeof value === 'string' && value.length <= 100) out.q = value;
    else if (key === 'role' && ROLES.includes(value as never))
      out.role = value as UserListFilter['role'];
    else if (key === 'status' && USER_STATUSES.includes(value as never))
      out.status = value as UserListFilter['status'];
    else if (key === 'organisationId' && typeof value === 'string' && UUID.test(value))
      out.organisationId = value;
    else if (
      key === 'id' &&
      Array.isArray(value) &&
      value.length <= 500 &&
      value.every((id) => typeof id === 'string' && UUID.test(id))
    )
      out.id = value as string[];
    else throw badRequest(`filter.${key}`, `filter.${key} is not a valid value or not a filter`);
  }
  return out;
}

const lastAdmin = (field: string) =>
  new HttpError(409, LAST_ADMIN, 'An organisation keeps at least one admin', field);

/** The organisation a write is about: the one named, else the caller's own; 404 outside scope. */
function targetOrganisation(scope: Scope, caller: Caller, organisationId?: string): string {
  const id = organisationId ?? caller.organisation.id;
  if (!inScope(scope, id)) throw notFound('No such organisation among those you manage');
  return id;
}

export const userDirectoryRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, sessions },
) => {
  app.get(
    '/v1/users',
    {
      config: { access: 'read' },
      schema: {
        tags: ['users'],
        querystring: UserListQuery,
        response: { 200: Type.Array(UserRecord) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const params = readListParams(request.query, USER_SORT_FIELDS);
      const filter = readFilter(params.filter);
      const visible = await visibleScope(db, caller);
      const organisationId = filter.organisationId ?? caller.organisation.id;
      if (!inScope(visible, organisationId)) throw notFound('No such organisation');
      const { users, total } = await listDirectory(db, {
        scope: narrow(visible, organisationId),
        visible,
        preferOrganisationId: organisationId,
        q: filter.q,
        role: filter.role,
        status: filter.status,
        ids: filter.id,
        sort: params.sort,
        order: params.order,
        offset: params.offset,
        limit: params.limit,
      });
      sendRange(reply, 'users', params.offset, users.length, total);
      return users;
    },
  );

  // A rental company's view of its customers' people (staff: everyone's).
  app.get(
    '/v1/portal/users',
    {
      config: { access: 'write' },
      schema: {
        tags: ['users'],
        querystring: UserListQuery,
        response: { 200: Type.Array(UserRecord) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const params = readListParams(request.query, USER_SORT_FIELDS);
      const filter = readFilter(params.filter);
      const managed = await managedScope(db, caller);
      const customers: Scope =
        managed === 'all'
          ? 'all'
          : new Set(await customerOrganisations(db, caller.organisation.id));
      if (filter.organisationId && !inScope(customers, filter.organisationId))
        throw notFound('No such customer organisation');
      const { users, total } = await listDirectory(db, {
        scope: filter.organisationId ? narrow(customers, filter.organisationId) : customers,
        visible: managed,
        preferOrganisationId: filter.organisationId,
        q: filter.q,
        role: filter.role,
        status: filter.status,
        ids: filter.id,
        sort: params.sort ?? 'organisationName',
        order: params.order,
        offset: params.offset,
        limit: params.limit,
      });
      sendRange(reply, 'users', params.offset, users.length, total);
      return users;
    },
  );

  // The organisations whose people the caller manages: where an invitation may go.
  app.get(
    '/v1/portal/users/organisations',
    {
      config: { access: 'write' },
      schema: { tags: ['users'], response: { 200: ManagedOrganisationsReply } },
    },
    async (request) => {
      const managed = await managedScope(db, callerOf(request));
      const rows = await db.query<{ id: string; name: string; type: OrganisationType }>(
        `SELECT id, name, type FROM organisation WHERE ($1::uuid[] IS NULL OR id = ANY($1))
          ORDER BY id = $2 DESC, name`,
        [scopeParam(managed), request.auth.org],
      );
      return { organisations: rows };
    },
  );

  app.get(
    '/v1/users/:id',
    {
      config: { access: 'read' },
      schema: {
        tags: ['users'],
        params: IdParams,
        querystring: UserIdQuery,
        response: { 200: UserRecord },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const visible = await visibleScope(db, caller);
      const user = await findInDirectory(
        db,
        request.params.id,
        visible,
        visible,
        request.query.organisationId ?? caller.organisation.id,
      );
      // Asked about no particular organisation: whichever membership the caller may see.
      const found =
        user ??
        (request.query.organisationId
          ? undefined
          : await findInDirectory(db, request.params.id, visible, visible));
      if (!found) throw notFound('No such user');
      return found;
    },
  );

  app.patch(
    '/v1/users/:id',
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
    '/v1/users/delete',
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
      const ended = await db.transaction(async (tx) => {
        const endedUsers = await removeMembers(tx, organisationId, userIds);
        for (const user of users) {
          await recordAudit(tx, {
            action: 'user.deleted',
            organisationId,
            actorUserId: caller.userId,
            subjectUserId: user.id,
            details: { email: user.email, role: user.role },
          });
        }
        return endedUsers;
      });
      // Their access tokens die with their sessions at once, not when they expire.
      for (const sessionId of ended) await sessions.end(sessionId, 'user-deleted');
      return { deleted: userIds };
    },
  );

  app.post(
    '/v1/portal/users',
    {
      config: { access: 'staff' },
      schema: { tags: ['users'], body: CreateUserBody, response: { 201: UserRecord } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      const userId = await db.transaction(async (tx) => {
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
      const created = await findInDirectory(db, userId, 'all', 'all', body.organisationId);
      if (!created) throw notFound('No such user');
      return reply.code(201).send(created);
    },
  );
};
