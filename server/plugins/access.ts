// Authorisation in one place: every /v1 route declares what it needs in its options
// (`config: { access }`), and this plugin checks it before anything else runs, so a new route
// cannot forget a check. The declared access is published in the OpenAPI document as x-access,
// where the contract sweep reads it.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { scopeGranted, type ApiScope } from '../../src/domain/api/apiClients.ts';
import type { FeatureFlag } from '../../src/domain/api/session.ts';
import { ERROR_CODES } from '../../src/domain/api/errors.ts';
import { ACCESS_LEVELS, featureOn, roleMayCall, type Access } from '../../src/domain/api/access.ts';
import type { Database } from '../db/database.ts';
import { forbidden, HttpError, unauthorised } from '../httpError.ts';
import { type AccessClaims, verifyAccessToken } from '../security/tokens.ts';
import { type KeyRing } from '../security/signingKeys.ts';
import { type SessionRegistry } from '../security/sessions.ts';
import { getOrganisationSettings, type Organisation } from '../tenancy/organisation.ts';
import { type OrganisationRegistry } from '../tenancy/registry.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The module or navigation switch the route belongs to: off for the organisation, 403. */
    feature?: FeatureFlag;
    /** The scope an API client's token needs (issue 43); without one, no client may call it. */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    /** Claims of the caller's access token; set on every route that is not public. */
    auth: AccessClaims;
    /** The organisation the caller's token is scoped to; set with `auth`. */
    organisation: Organisation;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * An API client's token (it carries scopes) may call only a route declaring a scope it was
 * granted, and there the scope is its permission; a person's token, by the person's role.
 */
function checkCaller(claims: AccessClaims, access: Exclude<Access, 'public'>, scope?: ApiScope) {
  if (claims.scp) {
    if (!scope) throw forbidden('API clients may not make this call');
    if (!scopeGranted(claims.scp, scope))
      throw forbidden(`The API client lacks the scope ${scope}`);
    return;
  }
  if (!roleMayCall(access, claims.role)) {
    throw forbidden(
      access === 'staff' ? 'Only staff may do this' : 'Viewers have read-only access',
    );
  }
}

function checkAccess(
  access: Exclude<Access, 'public'>,
  scope: ApiScope | undefined,
  context: {
    db: Database;
    keys: KeyRing;
    sessions: SessionRegistry;
    organisations: OrganisationRegistry;
  },
): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorised('A bearer token is required');
    const claims = verifyAccessToken(context.keys, token);
    if (!claims) throw unauthorised('The token is expired or invalid');
    if (!(await context.sessions.isLive(claims.sid))) throw unauthorised('The session has ended');
    const organisation = await context.organisations.get(claims.org);
    if (!organisation) throw unauthorised('The session no longer matches an organisation');
    checkCaller(claims, access, scope);
    request.auth = claims;
    request.organisation = organisation;
  };
}

/** Refuses a route whose module or navigation switch is off for the caller's organisation. */
function checkFeature(feature: FeatureFlag, db: Database): onRequestHookHandler {
  return async (request) => {
    const settings = await getOrganisationSettings(db, request.organisation);
    if (!featureOn(settings, feature)) {
      throw new HttpError(
        403,
        ERROR_CODES.moduleDisabled,
        `${feature} is not enabled for ${request.organisation.name}`,
      );
    }
  };
}

/** Registers the check on every route added after it; a /v1 route without `access` fails start-up. */
export function registerAccess(
  app: FastifyInstance,
  context: {
    db: Database;
    keys: KeyRing;
    sessions: SessionRegistry;
    organisations: OrganisationRegistry;
  },
): void {
  app.decorateRequest('auth', null as unknown as AccessClaims);
  app.decorateRequest('organisation', null as unknown as Organisation);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/') || route.schema?.hide) return;
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `${String(route.method)} ${route.url} must declare config.access (${ACCESS_LEVELS.join(', ')})`,
      );
    }
    if (access === 'public') return;
    const existing = route.onRequest;
    const feature = route.config?.feature;
    route.onRequest = [
      checkAccess(access, route.config?.scope, context),
      ...(feature ? [checkFeature(feature, context.db)] : []),
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
    ];
  });
}
