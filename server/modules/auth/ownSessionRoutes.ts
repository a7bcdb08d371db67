// The caller's own sign-in sessions (issue 45, ASVS 5.0 7.5.2): listed with what opened them, and
// ended one at a time or all but the current one, each end in the audit trail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SessionParams,
  SessionsEnded,
  SignInSessions,
} from '../../../src/domain/api/authSessions.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { liveSessionsOf } from '../../security/sessionList.ts';
import { recordAudit } from '../audit/index.ts';

export const ownSessionRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, sessions },
) => {
  /** Ends the sessions and writes one audit entry naming how many and which. */
  const endOwn = async (userId: string, organisationId: string, ids: string[]) => {
    for (const id of ids) await sessions.end(id, 'ended-by-user');
    if (ids.length === 0) return;
    await recordAudit(db, {
      action: 'session.ended',
      organisationId,
      actorUserId: userId,
      subjectUserId: userId,
      details: { sessionIds: ids },
    });
  };

  app.get(
    endpoints.auth.sessions,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], response: { 200: SignInSessions } },
    },
    (request) => liveSessionsOf(db, request.auth.sub, request.auth.sid),
  );

  app.delete(
    endpoints.auth.sessions,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], response: { 200: SessionsEnded } },
    },
    async (request) => {
      const { sub, sid, org } = request.auth;
      const others = (await liveSessionsOf(db, sub, sid)).filter((session) => !session.current);
      await endOwn(
        sub,
        org,
        others.map((session) => session.id),
      );
      return { ended: others.length };
    },
  );

  app.delete(
    endpoints.auth.session,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], params: SessionParams, response: { 204: {} } },
    },
    async (request, reply) => {
      const { sub, sid, org } = request.auth;
      const live = await liveSessionsOf(db, sub, sid);
      // Another user's session, or one already ended, is not the caller's to end: 404 alike.
      if (!live.some((session) => session.id === request.params.id))
        throw notFound('No such session of yours');
      await endOwn(sub, org, [request.params.id]);
      return reply.code(204).send();
    },
  );
};
