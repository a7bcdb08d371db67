// A user's own account without signing in: password reset, registering an organisation, and the
// unsubscribe link of the portal's mails.
import Type, { type Static } from 'typebox';
import { ORGANISATION_TYPES } from '../constants.ts';
import { Email } from './users.ts';

/** Ten characters at least, and not guessable (server/modules/accounts/passwordStrength.ts). */
export const MIN_PASSWORD_LENGTH = 10;

const Password = Type.String({ minLength: 1, maxLength: 1024 });
const Code = Type.String({ minLength: 10, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

export const ResetPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ResetCodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export type ResetCodeBody = Static<typeof ResetCodeBody>;

export const ResetCodeReply = Type.Object({ email: Type.String() });
export type ResetCodeReply = Static<typeof ResetCodeReply>;

export const ResetConfirmBody = Type.Object(
  { code: Code, password: Password },
  { additionalProperties: false },
);
export type ResetConfirmBody = Static<typeof ResetConfirmBody>;

/** Spec point 8: checking a reset code; confirming adds WEAK_PASSWORD. */
export const RESET_CODE_ERRORS = ['EXPIRED_CODE', 'INVALID_CODE', 'USER_DISABLED'] as const;
export const WEAK_PASSWORD = 'WEAK_PASSWORD';
/** Sign-in before the registration link was followed. */
export const EMAIL_NOT_CONFIRMED = 'EMAIL_NOT_CONFIRMED';
/** /register when the server does not allow self-registration. */
export const REGISTRATION_CLOSED = 'REGISTRATION_CLOSED';

export const RegisterBody = Type.Object(
  {
    organisationName: Type.String({ minLength: 2, maxLength: 120 }),
    organisationType: Type.Enum(ORGANISATION_TYPES),
    timezone: Type.String({ format: 'time-zone', maxLength: 64 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    email: Email,
    password: Password,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const RegistrationOptionsReply = Type.Object({ open: Type.Boolean() });
export type RegistrationOptionsReply = Static<typeof RegistrationOptionsReply>;

export const ConfirmRegistrationBody = Type.Object(
  { token: Code },
  { additionalProperties: false },
);

/** The kinds of mail a person can unsubscribe from; account mails they asked for are not among them. */
export const EMAIL_TYPES = ['invitations', 'shared-locations', 'reports', 'alerts'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const UnsubscribeBody = Type.Object(
  {
    userToken: Code,
    /** The kind of mail the link was sent with: a link stops its own kind only... */
    emailType: Type.Enum(EMAIL_TYPES),
    /** ...unless its reader chooses to stop every kind there is. */
    all: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;

export const UnsubscribeReply = Type.Object({
  email: Type.String(),
  emailType: Type.Enum(EMAIL_TYPES),
  /** Every kind the address now gets no more of. */
  stopped: Type.Array(Type.Enum(EMAIL_TYPES)),
});
export type UnsubscribeReply = Static<typeof UnsubscribeReply>;
