// The second factor of a user: a TOTP secret (otplib, 30 s steps, one step of clock drift either
// way), each code taken once (the last step used is kept), and ten single-use recovery codes kept
// hashed. A secret is pending from its setup until a first code confirms it.
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Queryable } from '../../db/database.ts';
import { hashSecret } from '../../security/secrets.ts';

const ISSUER = 'Fleet portal';
const RECOVERY_CODES = 10;
/** One 30 s step either way: a phone's clock a little off still works. */
const DRIFT_S = 30;

interface Row {
  email: string;
  totp_secret: string | null;
  enabled: boolean;
  totp_last_step: string | number | null;
}

async function row(db: Queryable, userId: string): Promise<Row | undefined> {
  const [found] = await db.query<Row>(
    `SELECT email, totp_secret, totp_enabled_at IS NOT NULL AS enabled, totp_last_step
       FROM app_user WHERE id = $1`,
    [userId],
  );
  return found;
}

export async function isEnabled(db: Queryable, userId: string): Promise<boolean> {
  return (await row(db, userId))?.enabled === true;
}

/** A new pending secret, replacing any earlier pending one; refused when one is enabled. */
export async function startSetup(
  db: Queryable,
  userId: string,
): Promise<{ secret: string; otpauthUrl: string } | undefined> {
  const secret = generateSecret();
  const [updated] = await db.query<{ email: string }>(
    `UPDATE app_user SET totp_secret = $2, totp_last_step = NULL
      WHERE id = $1 AND totp_enabled_at IS NULL RETURNING email`,
    [userId, secret],
  );
  if (!updated) return undefined;
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: updated.email, secret }) };
}

/** Takes a TOTP code of the user's secret (enabled, or pending when `pending`), once. */
async function takeTotp(
  db: Queryable,
  userId: string,
  code: string,
  pending: boolean,
): Promise<boolean> {
  const found = await row(db, userId);
  if (!found?.totp_secret || found.enabled === pending || !/^\d{6}$/.test(code)) return false;
  const lastStep = found.totp_last_step === null ? undefined : Number(found.totp_last_step);
  const result = await verify({
    secret: found.totp_secret,
    token: code,
    epochTolerance: DRIFT_S,
    ...(lastStep === undefined ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  // Taken at most once even by two requests at the same moment.
  const taken = await db.query(
    `UPDATE app_user SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [userId, result.timeStep],
  );
  return taken.length === 1;
}

async function takeRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const taken = await db.query(
    `UPDATE recovery_code SET used_at = now()
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
    [userId, hashSecret(normalise(code))],
  );
  return taken.length === 1;
}

const normalise = (code: string) => code.toLowerCase().replace(/-/g, '');

/** Whether the code (from the app, or a recovery code) proves the enabled second factor. */
export async function proves(db: Queryable, userId: string, code: string): Promise<boolean> {
  return (await takeTotp(db, userId, code, false)) || takeRecoveryCode(db, userId, code);
}

/** Confirms a pending secret with its first code, and turns the second factor on. */
export async function confirmSetup(db: Queryable, userId: string, code: string): Promise<boolean> {
  if (!(await takeTotp(db, userId, code, true))) return false;
  await db.query('UPDATE app_user SET totp_enabled_at = now() WHERE id = $1', [userId]);
  return true;
}

/** Ten new recovery codes, shown once; the old ones stop working. */
export async function newRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.query('DELETE FROM recovery_code WHERE user_id = $1', [userId]);
  for (const code of codes)
    await db.query('INSERT INTO recovery_code (user_id, code_hash) VALUES ($1, $2)', [
      userId,
      hashSecret(normalise(code)),
    ]);
  return codes;
}

export async function turnOff(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE app_user SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL
      WHERE id = $1`,
    [userId],
  );
  await db.query('DELETE FROM recovery_code WHERE user_id = $1', [userId]);
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [count] = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM recovery_code WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return Number(count?.n ?? 0);
}

/** The names of the user's organisations that require a second factor. */
export async function requiredBy(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT o.name FROM membership m JOIN organisation o ON o.id = m.organisation_id
      WHERE m.user_id = $1 AND m.state = 'active' AND o.require_second_factor
      ORDER BY o.name`,
    [userId],
  );
  return rows.map((r) => r.name);
}

/** Whether an organisation requires a second factor of its members. */
export async function organisationRequires(db: Queryable, organisationId: string) {
  const [row] = await db.query<{ required: boolean }>(
    'SELECT require_second_factor AS required FROM organisation WHERE id = $1',
    [organisationId],
  );
  return row?.required === true;
}

/** Sets the organisation's rule; undefined when there is no such organisation. */
export async function setOrganisationRequires(
  db: Queryable,
  organisationId: string,
  required: boolean,
): Promise<{ required: boolean } | undefined> {
  const [row] = await db.query<{ required: boolean }>(
    `UPDATE organisation SET require_second_factor = $2 WHERE id = $1
     RETURNING require_second_factor AS required`,
    [organisationId, required],
  );
  return row;
}
