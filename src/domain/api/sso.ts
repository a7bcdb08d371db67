// Single sign-on in a popup (spec points 2, 4 and 8): the popup asks where to go, the provider
// sends it back to /sso/cognito-cil, which hands the callback to the server for our own tokens.
import Type, { type Static } from 'typebox';

export const SsoStartQuery = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
);

export const SsoStartReply = Type.Object({ url: Type.String() });
export type SsoStartReply = Static<typeof SsoStartReply>;

/** What the provider put on the callback URL, as the callback page read it. */
export const SsoCallbackBody = Type.Object(
  {
    state: Type.String({ minLength: 10, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    iss: Type.Optional(Type.String({ maxLength: 500 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type SsoCallbackBody = Static<typeof SsoCallbackBody>;

/**
 * A SAML provider's answer, posted by the browser to our assertion consumer service. 64,000
 * characters of base64 hold 48 kB of XML: a signed assertion with dozens of attributes is a few.
 */
export const SamlAnswerBody = Type.Object(
  {
    SAMLResponse: Type.String({ minLength: 1, maxLength: 64_000 }),
    RelayState: Type.String({ minLength: 10, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
  },
  { additionalProperties: false },
);

/** Why a single sign-on failed, each with its words in the portal. */
export const SSO_ERRORS = [
  'SSO_NOT_CONFIGURED',
  'SSO_STATE_INVALID',
  'SSO_PROVIDER_REFUSED',
  'SSO_NO_ACCOUNT',
  'SSO_WRONG_DOMAIN',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** The popup's message to the page that opened it. */
export const SSO_MESSAGE_TYPE = 'fleet-portal-sso';
