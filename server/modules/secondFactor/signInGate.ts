// What the second factor asks of a password sign-in whose password was right: nothing; a code from
// the authenticator app or a recovery code; or, where an organisation requires it and the user has
// none yet, a first code of the secret they set up just before (which turns it on and makes their
// recovery codes).
import { SECOND_FACTOR_ERRORS } from '../../../src/domain/api/secondFactor.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { confirmSetup, isEnabled, newRecoveryCodes, proves, requiredBy } from './secondFactor.ts';

export type Gate =
  | { kind: 'pass'; recoveryCodes?: string[] }
  /** No code was given: the password was right, so the attempt does not count. */
  | { kind: 'ask'; error: HttpError }
  | { kind: 'refused'; error: HttpError };

const wrongCode = () =>
  new HttpError(
    401,
    SECOND_FACTOR_ERRORS.invalid,
    'That code is not right, or was already used',
    'code',
  );

export async function secondFactorGate(
  db: Queryable,
  userId: string,
  code: string | undefined,
): Promise<Gate> {
  if (await isEnabled(db, userId)) {
    if (!code)
      return {
        kind: 'ask',
        error: new HttpError(
          401,
          SECOND_FACTOR_ERRORS.required,
          'Enter the code from your authenticator app, or a recovery code',
        ),
      };
    return (await proves(db, userId, code))
      ? { kind: 'pass' }
      : { kind: 'refused', error: wrongCode() };
  }
  if ((await requiredBy(db, userId)).length === 0) return { kind: 'pass' };
  if (!code)
    return {
      kind: 'ask',
      error: new HttpError(
        401,
        SECOND_FACTOR_ERRORS.setupRequired,
        'Your organisation requires two-step sign-in: set it up to go on',
      ),
    };
  if (!(await confirmSetup(db, userId, code))) return { kind: 'refused', error: wrongCode() };
  return { kind: 'pass', recoveryCodes: await newRecoveryCodes(db, userId) };
}
