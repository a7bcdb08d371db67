// Staff's configuration of single sign-on per organisation and e-mail domain.
import Type, { type Static } from 'typebox';
import { ROLES } from '../constants.ts';

/** Checked by the server after the schema (a pattern here would hide the other fields' errors). */
export const EMAIL_DOMAIN =
  /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const Domain = Type.String({ minLength: 3, maxLength: 253 });

const fields = {
  organisationId: Type.String({ format: 'uuid' }),
  emailDomain: Domain,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Enum(['OIDC'] as const),
  issuer: Type.String({ format: 'uri', maxLength: 500, pattern: '^https?://' }),
  clientId: Type.String({ minLength: 1, maxLength: 200 }),
  createUsers: Type.Boolean(),
  defaultRole: Type.Enum(ROLES.filter((role) => role !== 'internal')),
};

export const SsoProviderBody = Type.Object(
  { ...fields, clientSecret: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type SsoProviderBody = Static<typeof SsoProviderBody>;

/** A change keeps the stored client secret unless a new one is given. */
export const SsoProviderUpdate = Type.Object(
  { ...fields, clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);
export type SsoProviderUpdate = Static<typeof SsoProviderUpdate>;

/** The secret never leaves the server: only whether there is one. */
export const SsoProviderRecord = Type.Object({
  id: Type.String(),
  ...fields,
  organisationName: Type.String(),
  hasClientSecret: Type.Boolean(),
});
export type SsoProviderRecord = Static<typeof SsoProviderRecord>;

export const SsoProvidersReply = Type.Object({ providers: Type.Array(SsoProviderRecord) });
export type SsoProvidersReply = Static<typeof SsoProvidersReply>;
