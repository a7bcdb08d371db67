// Sign-in, refresh, sign-out and organisation exchange: request and reply shapes.
import Type, { type Static } from 'typebox';
import { SecondFactorCode } from './secondFactor.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });

export const LoginOptionsBody = Type.Object({ email: Email }, { additionalProperties: false });
export type LoginOptionsBody = Static<typeof LoginOptionsBody>;

export const SSO_TYPES = ['OIDC', 'SAML'] as const;
/** Empty object for a password user; provider and type where the e-mail domain uses SSO. */
export const LoginOptionsReply = Type.Object({
  provider: Type.Optional(Type.String()),
  type: Type.Optional(Type.Enum(SSO_TYPES)),
});
export type LoginOptionsReply = Static<typeof LoginOptionsReply>;

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    /** The second factor, when the account has one: six digits or a recovery code. */
    code: Type.Optional(SecondFactorCode),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** The access token; the refresh token travels only in an HttpOnly cookie. */
export const TokenReply = Type.Object({
  token: Type.String(),
  /** Seconds until `token` expires. */
  expiresIn: Type.Integer(),
  /** Only when this sign-in turned the second factor on: its recovery codes, shown once. */
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
});
export type TokenReply = Static<typeof TokenReply>;

export const ExchangeBody = Type.Object(
  {
    organisationID: Type.String({ minLength: 1, maxLength: 64 }),
    token: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  { additionalProperties: false },
);
export type ExchangeBody = Static<typeof ExchangeBody>;
