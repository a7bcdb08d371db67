// The optional second factor (TOTP, with recovery codes): sign-in answers, the user's own
// settings, and staff requiring it per organisation.
import Type, { type Static } from 'typebox';

export const SECOND_FACTOR_ERRORS = {
  /** The password was right; a code from the authenticator app (or a recovery code) is needed. */
  required: 'SECOND_FACTOR_REQUIRED',
  /** The organisation requires a second factor the user has not set up: set it up to go on. */
  setupRequired: 'SECOND_FACTOR_SETUP_REQUIRED',
  invalid: 'SECOND_FACTOR_INVALID',
  /** It cannot be turned off while an organisation of the user requires it. */
  mandatory: 'SECOND_FACTOR_MANDATORY',
} as const;

/** Six digits from the app, or a recovery code (ten letters and digits, a dash allowed). */
export const SecondFactorCode = Type.String({
  minLength: 6,
  maxLength: 12,
  pattern: '^[0-9A-Za-z-]+$',
});

export const SecondFactorCodeBody = Type.Object(
  { code: SecondFactorCode },
  { additionalProperties: false },
);
export type SecondFactorCodeBody = Static<typeof SecondFactorCodeBody>;

export const SecondFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
  /** The organisations of the user that require it (it cannot be turned off then). */
  requiredBy: Type.Array(Type.String()),
  /** Whether the organisation the user is signed in to requires it (for staff's switch). */
  organisationRequires: Type.Boolean(),
});
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

/** A new secret for the authenticator app: as text and as the otpauth:// address a QR holds. */
export const SecondFactorSetup = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() });
export type SecondFactorSetup = Static<typeof SecondFactorSetup>;

export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const RequireSecondFactorBody = Type.Object(
  { required: Type.Boolean() },
  { additionalProperties: false },
);
