// A member's sign-in sessions for the organisation's admins and staff (issue 45, ASVS 5.0 7.4.5):
// listed as the member sees them, and ended one at a time or all at once, each end audited. A
// member the caller does not manage is a 404, one above the caller's role a 403.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  MemberSessionParams,
  SessionsEnded,
  SignInSessions,
} from '../../../src/domain/api/authSessions.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../httpError.ts';
import { liveSessionsOf } from '../../security/sessionList.ts';
import type { SessionRegistry } from '../../security/sessions.ts';
import { recordAudit } from '../audit/index.ts';
import { findInDirectory } from './directory.ts';
import { managedScope, outranks } from './manage.ts';
import { callerOf, IdParams } from './requests.ts';

/** The member asked about, among those the caller manages: its organisation's and its customers'. */
async function managedMember(db: Queryable, request: FastifyRequest, userId: string) {
  const caller = callerOf(request);
  const managed = await managedScope(db, caller);
  const member = await findInDirectory(db, userId, managed, managed);
  if (!member) throw notFound('No such user');
  return { caller, member };
}

async function endAudited(
  db: Queryable,
  sessions: SessionRegistry,
  request: FastifyRequest,
  userId: string,
  ids: string[],
) {
  for (const id of ids) await sessions.end(id, 'ended-by-admin');
  if (ids.length === 0) return;
  await recordAudit(db, {
    action: 'session.ended',
    organisationId: request.auth.org,
    actorUserId: request.auth.sub,
    subjectUserId: userId,
    details: { sessionIds: ids },
  });
}

export const memberSessionRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, sessions },
) => {
  app.get(
    endpoints.users.sessions,
    {
      config: { access: 'write' },
      schema: { tags: ['users'], params: IdParams, response: { 200: SignInSessions } },
    },
    async (request) => {
      const { member } = await managedMember(db, request, request.params.id);
      return liveSessionsOf(db, member.id, request.auth.sid);
    },
  );

  app.delete(
    endpoints.users.sessions,
    {
      config: { access: 'write' },
      schema: { tags: ['users'], params: IdParams, response: { 200: SessionsEnded } },
    },
    async (request) => {
      const { caller, member } = await managedMember(db, request, request.params.id);
      if (outranks(member.role, caller.role))
        throw forbidden('You may not end the sessions of someone above you');
      // The caller's own current session stays: ending it here would sign them out mid-call.
      const live = (await liveSessionsOf(db, member.id, request.auth.sid)).filter(
        (session) => !session.current,
      );
      await endAudited(
        db,
        sessions,
        request,
        member.id,
        live.map((session) => session.id),
      );
      return { ended: live.length };
    },
  );

  app.delete(
    endpoints.users.session,
    {
      config: { access: 'write' },
      schema: { tags: ['users'], params: MemberSessionParams, response: { 204: {} } },
    },
    async (request, reply) => {
      const { caller, member } = await managedMember(db, request, request.params.id);
      const live = await liveSessionsOf(db, member.id, request.auth.sid);
      if (!live.some((session) => session.id === request.params.sessionId))
        throw notFound('No such session of that user');
      if (outranks(member.role, caller.role))
        throw forbidden('You may not end the sessions of someone above you');
      await endAudited(db, sessions, request, member.id, [request.params.sessionId]);
      return reply.code(204).send();
    },
  );
};
