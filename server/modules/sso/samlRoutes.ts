// SAML's own endpoints: the service provider's metadata, and the assertion consumer service the
// identity provider posts its answer to. The answer is checked here and kept under a one-time code
// the popup takes to /v1/auth/sso/callback (routes.ts).
import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SamlAnswerBody } from '../../../src/domain/api/sso.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError, notFound } from '../../httpError.ts';
import { throttle } from '../../security/throttle.ts';
import { providerById, samlSettings } from './providers.ts';
import { finishSaml, serviceProviderMetadata, serviceProviderOf } from './saml.ts';
import { accountForSso } from './ssoAccount.ts';
import { keepSamlResult, takeSamlRequest, type SsoFailure } from './ssoRequests.ts';
import { callbackUrlOf } from './routes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const ProviderParams = Type.Object({ providerId: Type.String({ format: 'uuid' }) });

export const samlRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config, signInLimits },
) => {
  const redirectUri = callbackUrlOf(config.publicUrl);
  // Identity providers post SAML answers as a form.
  await app.register(formBody);

  async function samlProvider(providerId: string) {
    const provider = await providerById(db, providerId);
    const settings = provider && samlSettings(provider);
    if (!provider || !settings) throw notFound('No such SAML provider');
    return { provider, settings, sp: serviceProviderOf(config.publicUrl, provider.id) };
  }

  app.get(
    endpoints.auth.ssoSamlMetadata,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: ProviderParams, response: { 200: Type.String() } },
    },
    async (request, reply) => {
      const { sp } = await samlProvider(request.params.providerId);
      return reply.type('application/samlmetadata+xml').send(serviceProviderMetadata(sp));
    },
  );

  app.post(
    endpoints.auth.ssoSamlAcs,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: ProviderParams, body: SamlAnswerBody },
    },
    async (request, reply) => {
      await throttle(db, `sso-acs:${request.ip}`, signInLimits.address, 'sign-ins');
      const { provider, settings, sp } = await samlProvider(request.params.providerId);
      const { SAMLResponse, RelayState: state } = request.body;
      const toPopup = (query: Record<string, string>) =>
        reply.redirect(`${redirectUri}?${new URLSearchParams(query).toString()}`, 303);
      const samlRequest = await takeSamlRequest(db, state, provider.id);
      // Not a sign-in of ours, or answered before (a replay): the popup says to start again.
      if (!samlRequest) return toPopup({ state });
      let result: { userId: string } | { failure: SsoFailure };
      try {
        const person = await finishSaml(settings, sp, samlRequest, SAMLResponse);
        result = {
          userId: await db.transaction((tx) => accountForSso(tx, provider, settings, person)),
        };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        request.log.info({ code: error.code, reason: error.message }, 'SAML sign-in refused');
        result = {
          failure: { status: error.statusCode, code: error.code, message: error.message },
        };
      }
      return toPopup({ state, code: await keepSamlResult(db, state, result) });
    },
  );
};
