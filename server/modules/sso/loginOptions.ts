// Before the password field: whether the e-mail's domain signs in through a provider (spec point 2),
// so the sign-in page offers "Continue with <provider>" instead.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginOptionsBody, LoginOptionsReply } from '../../../src/domain/api/auth.ts';
import type { ServerContext } from '../../context.ts';
import { providerForEmail } from './providers.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const loginOptionRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.post(
    endpoints.portal.users.loginoptions,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginOptionsBody, response: { 200: LoginOptionsReply } },
    },
    async (request) => {
      const provider = await providerForEmail(db, request.body.email);
      return provider ? { provider: provider.name, type: provider.type } : {};
    },
  );
};
