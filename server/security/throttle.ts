// Throttles sign-in attempts in the database, so every process agrees. An attempt is reserved
// atomically before any password work, so concurrent guesses cannot all slip under the limit.
import { ERROR_CODES } from '../../src/domain/api/errors.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../httpError.ts';

export interface ThrottleLimits {
  /** Attempts allowed in one window before delays begin. */
  maxFailures: number;
  windowS: number;
  /** The first delay once the limit is reached; each failure after it doubles the delay... */
  firstDelayS: number;
  /** ...up to this. */
  maxDelayS: number;
}

/**
 * Per e-mail and address pair: five tries, then 1 s, 2 s, 4 s ... up to 15 minutes. A guesser is
 * slowed to a crawl while the owner, signing in from elsewhere, is not locked out.
 */
export const PAIR_LIMITS: ThrottleLimits = {
  maxFailures: 5,
  windowS: 900,
  firstDelayS: 1,
  maxDelayS: 900,
};
/** Per account from anywhere: a ceiling for a guesser rotating addresses, far above any typo. */
export const EMAIL_LIMITS: ThrottleLimits = {
  maxFailures: 100,
  windowS: 3600,
  firstDelayS: 900,
  maxDelayS: 900,
};
/** Per address: a ceiling for one address trying many accounts, high enough for an office behind NAT. */
export const ADDRESS_LIMITS: ThrottleLimits = {
  maxFailures: 300,
  windowS: 3600,
  firstDelayS: 900,
  maxDelayS: 900,
};

/**
 * Per address and purpose, for the links sent by mail (invitation, reset, registration,
 * unsubscribe): each failed try counts, as for sign-in, so a link's secret cannot be guessed.
 */
export const TOKEN_LIMITS: ThrottleLimits = {
  maxFailures: 10,
  windowS: 900,
  firstDelayS: 1,
  maxDelayS: 900,
};
/** Mails one may ask for per address (a reset link, a registration): no mail-bombing an inbox. */
export const ACCOUNT_MAIL_LIMITS: ThrottleLimits = {
  maxFailures: 5,
  windowS: 3600,
  firstDelayS: 60,
  maxDelayS: 3600,
};

/**
 * Wrong second-step codes per account from anywhere: someone who has the password gets 20 tries an
 * hour however many addresses they use (a six-digit code is not found that way), and the owner is
 * told by mail when the ceiling is reached.
 */
export const SECOND_FACTOR_LIMITS: ThrottleLimits = {
  maxFailures: 20,
  windowS: 3600,
  firstDelayS: 3600,
  maxDelayS: 3600,
};

export interface SignInLimits {
  pair: ThrottleLimits;
  email: ThrottleLimits;
  address: ThrottleLimits;
  token: ThrottleLimits;
  accountMail: ThrottleLimits;
  secondFactor: ThrottleLimits;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  pair: PAIR_LIMITS,
  email: EMAIL_LIMITS,
  address: ADDRESS_LIMITS,
  token: TOKEN_LIMITS,
  accountMail: ACCOUNT_MAIL_LIMITS,
  secondFactor: SECOND_FACTOR_LIMITS,
};

/**
 * Counts one attempt against `key` unless the key is waiting out a delay, in one statement. Returns
 * 0 when the attempt may go ahead, else the seconds to wait. The attempt that reaches the limit
 * still goes ahead but starts the delay, so concurrent attempts behind it are refused.
 */
export async function reserveAttempt(
  db: Queryable,
  key: string,
  limits: ThrottleLimits,
): Promise<number> {
  const rows = await db.query<{ failures: number }>(
    `INSERT INTO login_throttle AS t (throttle_key, failures, window_started_at, blocked_until)
     VALUES ($1, 1, now(), CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END)
     ON CONFLICT (throttle_key) DO UPDATE SET
       failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $2) THEN 1
                       ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $2)
                                THEN now() ELSE t.window_started_at END,
       blocked_until = CASE
         WHEN t.window_started_at < now() - make_interval(secs => $2) THEN NULL
         WHEN t.failures + 1 >= $3 THEN now() + make_interval(secs =>
           least($5::float8, $4::float8 * power(2, least(t.failures + 1 - $3, 30))))
         ELSE NULL END
     WHERE t.blocked_until IS NULL OR t.blocked_until <= now()
     RETURNING failures`,
    [key, limits.windowS, limits.maxFailures, limits.firstDelayS, limits.maxDelayS],
  );
  if (rows.length > 0) return 0;
  const [wait] = await db.query<{ wait_s: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM blocked_until - now())))::integer AS wait_s
       FROM login_throttle WHERE throttle_key = $1`,
    [key],
  );
  return wait?.wait_s ?? 1;
}

/** A 429 telling how long to wait, in the words sign-in uses. */
export function tooManyAttempts(waitS: number, what = 'failed attempts'): HttpError {
  return new HttpError(
    429,
    ERROR_CODES.tooManyAttempts,
    `Too many ${what}; try again in ${waitS < 60 ? `${waitS} seconds` : `${Math.ceil(waitS / 60)} minutes`}`,
    undefined,
    { 'retry-after': String(waitS) },
  );
}

/** Counts an attempt against `key`, throwing the 429 when the key is waiting out a delay. */
export async function throttle(
  db: Queryable,
  key: string,
  limits: ThrottleLimits,
  what?: string,
): Promise<void> {
  const waitS = await reserveAttempt(db, key, limits);
  if (waitS > 0) throw tooManyAttempts(waitS, what);
}

/** A successful sign-in: the pair starts afresh, and its reserved attempt no longer counts above. */
export async function releaseAttempt(
  db: Queryable,
  pairKey: string,
  ceilingKeys: string[],
): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [pairKey]);
  await db.query(
    `UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE throttle_key = ANY($1)`,
    [ceilingKeys],
  );
}

/** An attempt that succeeded is given back: it no longer counts towards the key's limit. */
export async function giveBackAttempt(db: Queryable, key: string): Promise<void> {
  await db.query(
    'UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE throttle_key = $1',
    [key],
  );
}

/** How many failures a key has counted in its current window. */
export async function failuresOf(db: Queryable, key: string): Promise<number> {
  const [row] = await db.query<{ failures: number }>(
    'SELECT failures FROM login_throttle WHERE throttle_key = $1',
    [key],
  );
  return row?.failures ?? 0;
}

/** A key starts afresh: its attempts so far are forgotten. */
export async function forgetAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
}
