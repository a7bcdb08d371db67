// Each single sign-on started here, from the popup's first page until the popup collects the
// result: single-use, for ten minutes, found by the hash of its state (OIDC `state`, SAML
// RelayState). A SAML provider posts its answer to our assertion consumer service first, which
// keeps who was signed in (or why not) for the popup, behind a one-time code.
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { hashSecret, newSecret } from '../../security/secrets.ts';

const REQUEST_TTL_S = 600;
export const REQUEST_TTL_MS = REQUEST_TTL_S * 1000;

export async function openRequest(
  db: Queryable,
  request: {
    state: string;
    providerId: string;
    codeVerifier?: string;
    nonce?: string;
    samlRequestId?: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sso_request (state_hash, provider_id, code_verifier, nonce, saml_request_id,
                              expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [
      hashSecret(request.state),
      request.providerId,
      request.codeVerifier ?? null,
      request.nonce ?? null,
      request.samlRequestId ?? null,
      REQUEST_TTL_S,
    ],
  );
}

/** Why a SAML sign-in failed at the assertion consumer service, told to the popup. */
export interface SsoFailure {
  status: number;
  code: string;
  message: string;
}

export type ClaimedRequest =
  | { kind: 'oidc'; providerId: string; codeVerifier: string; nonce: string }
  | { kind: 'saml'; providerId: string; userId: string | null; failure: SsoFailure | null };

interface Row {
  provider_id: string;
  code_verifier: string | null;
  nonce: string | null;
  saml_request_id: string | null;
  result_user_id: string | null;
  result_error: SsoFailure | null;
}

/**
 * Takes the sign-in the state names, once. A SAML one only when its answer has come and with the
 * code the assertion consumer service gave the popup.
 */
export async function claimState(
  db: Queryable,
  state: string,
  code: string | undefined,
): Promise<ClaimedRequest> {
  const [row] = await db.query<Row>(
    `UPDATE sso_request SET used_at = now()
      WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
        AND (saml_request_id IS NULL OR result_code_hash = $2)
      RETURNING provider_id, code_verifier, nonce, saml_request_id, result_user_id, result_error`,
    [hashSecret(state), code === undefined ? null : hashSecret(code)],
  );
  if (!row)
    throw new HttpError(
      400,
      'SSO_STATE_INVALID',
      'This sign-in was not started here, was already used or took too long; start again',
      'state',
    );
  if (row.saml_request_id !== null)
    return {
      kind: 'saml',
      providerId: row.provider_id,
      userId: row.result_user_id,
      failure: row.result_error,
    };
  return {
    kind: 'oidc',
    providerId: row.provider_id,
    codeVerifier: row.code_verifier ?? '',
    nonce: row.nonce ?? '',
  };
}

/**
 * The AuthnRequest id a SAML answer must name, taken once: a second answer for the same sign-in
 * (a replay) finds nothing.
 */
export async function takeSamlRequest(
  db: Queryable,
  state: string,
  providerId: string,
): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await db.query<{ saml_request_id: string; created_at: Date | string }>(
    `UPDATE sso_request SET answered_at = now()
      WHERE state_hash = $1 AND provider_id = $2 AND saml_request_id IS NOT NULL
        AND answered_at IS NULL AND used_at IS NULL AND expires_at > now()
      RETURNING saml_request_id, created_at`,
    [hashSecret(state), providerId],
  );
  return row && { id: row.saml_request_id, createdAt: new Date(row.created_at) };
}

/** Keeps a SAML answer for the popup; returns the one-time code it collects it with. */
export async function keepSamlResult(
  db: Queryable,
  state: string,
  result: { userId: string } | { failure: SsoFailure },
): Promise<string> {
  const code = newSecret();
  await db.query(
    `UPDATE sso_request SET result_code_hash = $2, result_user_id = $3, result_error = $4
      WHERE state_hash = $1`,
    [
      hashSecret(state),
      hashSecret(code),
      'userId' in result ? result.userId : null,
      'failure' in result ? JSON.stringify(result.failure) : null,
    ],
  );
  return code;
}
