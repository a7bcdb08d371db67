// Signing in with an e-mail and password: the throttled password check (one refusal for a wrong
// address or password), and the mail to the owner when wrong codes reach the account's ceiling.
import type { FastifyRequest } from 'fastify';
import { EMAIL_NOT_CONFIRMED } from '../../../src/domain/api/accounts.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../httpError.ts';
import { decoyPasswordHash, verifyPassword } from '../../security/passwords.ts';
import { failuresOf, releaseAttempt, throttle } from '../../security/throttle.ts';
import { mailSecondFactorGuessed } from '../accounts/index.ts';
import { findUserForSignIn, getMemberships } from '../users/index.ts';

/**
 * The account an e-mail and password sign in to, or the one refusal for a wrong address or
 * password. Attempts are reserved before the password is checked, so concurrent guesses count as
 * they arrive; `release` gives the attempt back once the sign-in may go on.
 */
export async function checkPassword(
  { db, signInLimits }: Pick<ServerContext, 'db' | 'signInLimits'>,
  body: { email: string; password: string },
  ip: string,
) {
  const email = body.email.toLowerCase();
  const pairKey = `pair:${email}|${ip}`;
  const ceilingKeys = [`email:${email}`, `address:${ip}`];
  for (const [key, limits] of [
    [pairKey, signInLimits.pair],
    [ceilingKeys[0], signInLimits.email],
    [ceilingKeys[1], signInLimits.address],
  ] as const) {
    await throttle(db, key as string, limits, 'failed sign-ins');
  }
  const user = await findUserForSignIn(db, body.email);
  const passwordMatches = await verifyPassword(
    body.password,
    user?.passwordHash ?? (await decoyPasswordHash()),
  );
  if (user && passwordMatches && !user.emailConfirmed) {
    // Only the address's owner, who knows the password, learns this.
    throw new HttpError(
      403,
      EMAIL_NOT_CONFIRMED,
      'Confirm your e-mail address with the link we sent before signing in',
    );
  }
  const memberships = user && passwordMatches ? await getMemberships(db, user.id) : [];
  const membership = memberships[0];
  if (!user || !membership) {
    // One message whether the e-mail is unknown or the password wrong.
    throw new HttpError(
      401,
      ERROR_CODES.invalidCredentials,
      'The e-mail address or password is incorrect',
    );
  }
  return { user, membership, release: () => releaseAttempt(db, pairKey, ceilingKeys) };
}

/** The owner is told once, by mail, when wrong codes reach the account's ceiling. */
export async function codeRefused(
  { db, config, signInLimits }: Pick<ServerContext, 'db' | 'config' | 'signInLimits'>,
  email: string,
  codeKey: string,
  request: FastifyRequest,
) {
  const failures = await failuresOf(db, codeKey);
  if (failures !== signInLimits.secondFactor.maxFailures) return;
  await mailSecondFactorGuessed(db, config, request.log, {
    to: email.toLowerCase(),
    failures,
    acceptLanguage: request.headers['accept-language'],
  });
}
