// The words for the codes of spec point 8 (reset code, invitation, validation) and the account
// calls' other failures: a catalog key for any error an account call throws.
import { HttpError } from 'ra-core';
import type { ApiErrorBody } from '../api/apiClient.ts';

/** Codes with their own words under app.accounts.codes. */
export const ACCOUNT_CODES = [
  'EXPIRED_CODE',
  'INVALID_CODE',
  'USER_DISABLED',
  'WEAK_PASSWORD',
  'INVALID_TOKEN',
  'EXPIRED',
  'ALREADY_ACCEPTED',
  'EMAIL_ALREADY_EXISTS',
  'EMAIL_NOT_CONFIRMED',
  'REGISTRATION_CLOSED',
  'LAST_ADMIN',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'TOO_MANY_ATTEMPTS',
] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];

/**
 * The code an account call failed with, as spec point 8 names it. A 400 without a known code (a
 * link cut short, say) is `onBadRequest`: for a link, its own "not valid" (spec point 8: "400
 * gives INVALID_TOKEN").
 */
export function accountCode(error: unknown, onBadRequest?: AccountCode): AccountCode {
  if (!(error instanceof HttpError) || error.status === 0) return 'NETWORK_ERROR';
  const code = (error.body as ApiErrorBody | undefined)?.code;
  if (error.status === 429) return 'TOO_MANY_ATTEMPTS';
  if (ACCOUNT_CODES.includes(code as AccountCode)) return code as AccountCode;
  return error.status === 400 && onBadRequest ? onBadRequest : 'SERVER_ERROR';
}

export const accountCodeKey = (code: AccountCode) => `app.accounts.codes.${code}`;
