// The people of an organisation (spec point 7): lists and reads; the writes are in
// memberWriteRoutes.ts. Lists speak ra-data-simple-rest's query and Content-Range, the portal's
// CRUD provider.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  USER_SORT_FIELDS,
  USER_STATUSES,
  UserIdQuery,
  UserListQuery,
  ManagedOrganisationsReply,
  UserRecord,
  type UserListFilter,
} from '../../../src/domain/api/users.ts';
import { ROLES } from '../../../src/domain/constants.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { type ListParams, readListParams, sendRange } from '../../simpleRest.ts';
import { findInDirectory, listDirectory, narrow } from './directory.ts';
import {
  customerOrganisations,
  inScope,
  managedScope,
  organisationsIn,
  visibleScope,
  type Scope,
} from './manage.ts';
import { callerOf, IdParams } from './requests.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** What both lists take from the query as it is: the search, filters, order and page. */
const pageOf = (params: ListParams<(typeof USER_SORT_FIELDS)[number]>, filter: UserListFilter) => ({
  q: filter.q,
  role: filter.role,
  status: filter.status,
  ids: filter.id,
  sort: params.sort,
  order: params.order,
  offset: params.offset,
  limit: params.limit,
});

export const userDirectoryRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db },
) => {
  app.get(
    endpoints.users.root,
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
        ...pageOf(params, filter),
      });
      sendRange(reply, 'users', params.offset, users.length, total);
      return users;
    },
  );

  // A rental company's view of its customers' people (staff: everyone's).
  app.get(
    endpoints.portal.users.root,
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
        ...pageOf(params, filter),
        sort: params.sort ?? 'organisationName',
      });
      sendRange(reply, 'users', params.offset, users.length, total);
      return users;
    },
  );

  // The organisations whose people the caller manages: where an invitation may go.
  app.get(
    endpoints.portal.users.organisations,
    {
      config: { access: 'write' },
      schema: { tags: ['users'], response: { 200: ManagedOrganisationsReply } },
    },
    async (request) => {
      const managed = await managedScope(db, callerOf(request));
      return { organisations: await organisationsIn(db, managed, request.auth.org) };
    },
  );

  app.get(
    endpoints.users.item,
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
};
