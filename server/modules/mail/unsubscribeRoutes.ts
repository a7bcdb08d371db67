// POST /v1/users/unsubscribe: the unsubscribe link of a mail, used without signing in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UnsubscribeBody, UnsubscribeReply } from '../../../src/domain/api/accounts.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../httpError.ts';
import { throttledLookup } from '../../security/tokenLookup.ts';
import { unsubscribe } from './unsubscribe.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const unsubscribeRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, signInLimits },
) => {
  app.post(
    endpoints.users.unsubscribe,
    {
      config: { access: 'public' },
      schema: { tags: ['users'], body: UnsubscribeBody, response: { 200: UnsubscribeReply } },
    },
    async (request) => {
      const { userToken, emailType, all } = request.body;
      const done = await throttledLookup(db, signInLimits.token, request.ip, 'unsubscribe', () =>
        unsubscribe(db, userToken, emailType, all),
      );
      if (!done)
        throw new HttpError(
          400,
          'INVALID_TOKEN',
          'This unsubscribe link is not valid',
          'userToken',
        );
      return { email: done.email, emailType, stopped: done.stopped };
    },
  );
};
