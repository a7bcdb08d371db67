// API clients' SQL (issue 43, docs/integrations.md): made with a secret shown once and kept as its
// SHA-256, listed, revoked; a client's credentials checked when it asks for a token.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiClient, ApiClientBody } from '../../../src/domain/api/apiClients.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';

interface ClientRow {
  id: string;
  organisation_id: string;
  name: string;
  client_id: string;
  scopes: string[];
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = `id, organisation_id, name, client_id, scopes, expires_at, created_at, last_used_at,
                 revoked_at`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function toClient(row: ClientRow): ApiClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.client_id,
    scopes: row.scopes,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listClients(db: Queryable, organisationId: string): Promise<ApiClient[]> {
  const rows = await db.query<ClientRow>(
    `SELECT ${COLUMNS} FROM api_client WHERE organisation_id = $1
      ORDER BY revoked_at IS NOT NULL, created_at DESC`,
    [organisationId],
  );
  return rows.map(toClient);
}

/** Makes a client; its secret is returned this once. */
export async function createClient(
  db: Queryable,
  organisationId: string,
  userId: string | null,
  body: ApiClientBody,
): Promise<ApiClient & { clientSecret: string }> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw badRequest('expiresAt', 'expiresAt must be in the future');
  }
  // Prefixed so that a secret leaked in a log or a repository is recognised for what it is.
  const clientId = `fpc_${randomBytes(12).toString('base64url')}`;
  const clientSecret = `fps_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.query<ClientRow>(
    `INSERT INTO api_client (organisation_id, name, client_id, secret_sha256, scopes, expires_at,
                             created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      organisationId,
      body.name.trim(),
      clientId,
      sha256(clientSecret),
      [...body.scopes],
      expiresAt,
      userId,
    ],
  );
  if (!row) throw new Error('no API client returned');
  return { ...toClient(row), clientSecret };
}

/** Revokes a client of the organisation: its tokens are refused from now on. */
export async function revokeClient(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<ApiClient> {
  const [row] = await db.query<ClientRow>(
    `UPDATE api_client SET revoked_at = coalesce(revoked_at, now())
      WHERE organisation_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [organisationId, id],
  );
  if (!row) throw notFound('No such API client');
  return toClient(row);
}

export interface AuthenticatedClient {
  id: string;
  organisationId: string;
  scopes: string[];
  expiresAt: Date | null;
}

/**
 * The live client these credentials name, its use noted; null when the id is unknown, the secret
 * wrong, or the client revoked or expired (the caller cannot tell which).
 */
export async function authenticateClient(
  db: Queryable,
  clientId: string,
  secret: string,
): Promise<AuthenticatedClient | null> {
  const [row] = await db.query<ClientRow & { secret_sha256: string }>(
    `SELECT ${COLUMNS}, secret_sha256 FROM api_client
      WHERE client_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [clientId],
  );
  const given = Buffer.from(sha256(secret), 'hex');
  const kept = Buffer.from(row?.secret_sha256 ?? sha256(''), 'hex');
  if (!row || !timingSafeEqual(given, kept)) return null;
  await db.query('UPDATE api_client SET last_used_at = now() WHERE id = $1', [row.id]);
  return {
    id: row.id,
    organisationId: row.organisation_id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
  };
}
