// Staff's configuration of single sign-on per organisation and e-mail domain: an OpenID Connect
// provider (issuer, client id and secret) or a SAML 2.0 identity provider (its metadata address).
// Which fields a type needs is checked by the server after the schema, naming the missing one.
import Type, { type Static } from 'typebox';
import { ROLES } from '../constants.ts';

/** Checked by the server after the schema (a pattern here would hide the other fields' errors). */
export const EMAIL_DOMAIN =
  /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const SSO_TYPES = ['OIDC', 'SAML'] as const;
export type SsoType = (typeof SSO_TYPES)[number];

const Domain = Type.String({ minLength: 3, maxLength: 253 });

const fields = {
  organisationId: Type.String({ format: 'uuid' }),
  emailDomain: Domain,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Enum(SSO_TYPES),
  issuer: Type.Optional(Type.String({ format: 'uri', maxLength: 500, pattern: '^https?://' })),
  clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  metadataUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 500, pattern: '^https?://' })),
  createUsers: Type.Boolean(),
  defaultRole: Type.Enum(ROLES.filter((role) => role !== 'internal')),
};

/** A change keeps the stored client secret unless a new one is given. */
export const SsoProviderBody = Type.Object(
  { ...fields, clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);
export type SsoProviderBody = Static<typeof SsoProviderBody>;

/**
 * The secret never leaves the server: only whether there is one. What the provider's
 * administrator registers: the address answers come back to (OIDC redirect URI, SAML assertion
 * consumer service) and, for SAML, our entity id, which is also our metadata's address.
 */
export const SsoProviderRecord = Type.Object({
  id: Type.String(),
  ...fields,
  organisationName: Type.String(),
  hasClientSecret: Type.Boolean(),
  callbackUrl: Type.String(),
  spEntityId: Type.String(),
});
export type SsoProviderRecord = Static<typeof SsoProviderRecord>;

export const SsoProvidersReply = Type.Object({ providers: Type.Array(SsoProviderRecord) });
export type SsoProvidersReply = Static<typeof SsoProvidersReply>;
