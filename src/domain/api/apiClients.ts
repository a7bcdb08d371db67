// /v1/organisation/api-clients and /v1/iso/token (issue 43, docs/integrations.md): an
// organisation's other systems sign in with OAuth 2.0 client credentials, within scopes.
import Type, { type Static } from 'typebox';
import { DateTime } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * What an API client's token may do; each route open to clients declares the one it needs. A
 * scope is the client's permission on its routes, whatever a person's role would need there.
 */
export const API_SCOPES = [
  'iso:read',
  'machines:read',
  'hires:read',
  'hires:write',
  'reports:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Whether scopes granted satisfy the scope a route needs: writing a thing includes reading it. */
export function scopeGranted(granted: readonly string[], needed: ApiScope): boolean {
  return (
    granted.includes(needed) ||
    (needed.endsWith(':read') && granted.includes(needed.replace(/:read$/, ':write')))
  );
}

export const ApiClientBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.Enum([...API_SCOPES]), { minItems: 1, uniqueItems: true }),
    /** When its tokens stop being issued and honoured; never when left out. */
    expiresAt: Type.Optional(Nullable(DateTime)),
  },
  { additionalProperties: false },
);
export type ApiClientBody = Static<typeof ApiClientBody>;

export const ApiClient = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  /** What the client sends as client_id. */
  clientId: Type.String(),
  scopes: Type.Array(Type.String()),
  expiresAt: Nullable(DateTime),
  createdAt: DateTime,
  /** When it last took a token. */
  lastUsedAt: Nullable(DateTime),
  revokedAt: Nullable(DateTime),
});
export type ApiClient = Static<typeof ApiClient>;

/** The reply to its creation: the secret, shown this once and kept only as a hash. */
export const ApiClientCreated = Type.Intersect([
  ApiClient,
  Type.Object({ clientSecret: Type.String() }),
]);
export type ApiClientCreated = Static<typeof ApiClientCreated>;

/** POST /v1/iso/token (RFC 6749 section 4.4), form-encoded; the client may use HTTP Basic instead. */
export const TokenRequest = Type.Object({
  grant_type: Type.Optional(Type.String({ maxLength: 100 })),
  client_id: Type.Optional(Type.String({ maxLength: 200 })),
  client_secret: Type.Optional(Type.String({ maxLength: 200 })),
  scope: Type.Optional(Type.String({ maxLength: 500 })),
});
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenReply = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type TokenReply = Static<typeof TokenReply>;
