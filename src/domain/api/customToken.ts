// Custom-token sign-in (spec points 2 and 4: /int_fftools): an integrating application hands the
// portal a short-lived token it signed, and the portal signs that person in.
import Type, { type Static } from 'typebox';

export const CustomTokenBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 4096, pattern: '^[A-Za-z0-9_.-]+$' }) },
  { additionalProperties: false },
);
export type CustomTokenBody = Static<typeof CustomTokenBody>;

/** The one code of every refused custom token; the message says why, for the integrator. */
export const CUSTOM_TOKEN_INVALID = 'CUSTOM_TOKEN_INVALID';
