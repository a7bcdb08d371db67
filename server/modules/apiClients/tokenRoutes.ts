// POST /v1/iso/token (issue 43, docs/integrations.md): OAuth 2.0 client credentials (RFC 6749
// section 4.4). The client authenticates by HTTP Basic or by client_id and client_secret in the
// form; the access token it gets is the portal's own, naming the client as its session and
// carrying its scopes, so the access check refuses it once the client is revoked or expired.
import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenReply, TokenRequest } from '../../../src/domain/api/apiClients.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { ApiError, ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import { signAccessToken } from '../../security/tokens.ts';
import { authenticateClient } from './store.ts';

/** An OAuth error (RFC 6749 section 5.2) in the portal's one error shape, `error` the OAuth code. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 400 | 401,
  error: string,
  field: string,
  message: string,
) {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="iso", charset="UTF-8"');
  return reply.code(status).send({
    statusCode: status,
    code: status === 401 ? ERROR_CODES.unauthorised : ERROR_CODES.validation,
    error,
    message,
    field,
    requestId: String(request.id),
  });
}

/** The client's credentials: HTTP Basic (form-encoded parts) first, else the form's. */
function credentials(header: string | undefined, body: TokenRequest) {
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      const part = (text: string) => {
        try {
          return decodeURIComponent(text.replace(/\+/g, ' '));
        } catch {
          return text;
        }
      };
      return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
    }
  }
  return { id: body.client_id ?? '', secret: body.client_secret ?? '' };
}

export const tokenRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, keys, config },
) => {
  await app.register(formBody);

  app.post(
    endpoints.iso.token,
    {
      config: { access: 'public' },
      schema: {
        tags: ['iso'],
        body: TokenRequest,
        response: { 200: TokenReply, 400: ApiError, 401: ApiError },
      },
    },
    async (request, reply) => {
      if (request.body.grant_type !== 'client_credentials') {
        return refuse(
          request,
          reply,
          400,
          'unsupported_grant_type',
          'grant_type',
          'grant_type must be client_credentials',
        );
      }
      const { id, secret } = credentials(request.headers.authorization, request.body);
      const client = id && secret ? await authenticateClient(db, id, secret) : null;
      if (!client) {
        return refuse(
          request,
          reply,
          401,
          'invalid_client',
          'client_id',
          'The client id or secret is wrong, or the client is revoked or expired',
        );
      }
      // A narrower scope may be asked for; a scope the client lacks is refused; none asked, all.
      const named = request.body.scope?.split(' ').filter(Boolean) ?? [];
      const asked = named.length > 0 ? named : client.scopes;
      const missing = asked.find((scope) => !client.scopes.includes(scope));
      if (missing) {
        return refuse(request, reply, 400, 'invalid_scope', 'scope', `The client lacks ${missing}`);
      }
      // The token lives as long as a person's, and not past the client's expiry.
      const untilExpiryS = client.expiresAt
        ? Math.floor((client.expiresAt.getTime() - Date.now()) / 1000)
        : Infinity;
      const ttlS = Math.max(1, Math.min(config.accessTokenTtlS, untilExpiryS));
      const token = signAccessToken(
        keys,
        {
          userId: client.id,
          organisationId: client.organisationId,
          role: 'viewer',
          sessionId: client.id,
          scopes: asked,
        },
        ttlS,
      );
      reply.header('cache-control', 'no-store');
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: ttlS,
        scope: asked.join(' '),
      };
    },
  );
};
