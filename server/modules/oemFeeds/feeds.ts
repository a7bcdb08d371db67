// The OEM feeds the server polls, as staff configure them, and the equipment each reported.
import { isOemSourceType } from '../../../src/domain/constants.ts';
import type {
  OemFeed,
  OemFeedBody,
  OemFeedEquipmentReply,
} from '../../../src/domain/api/oemFeeds.ts';
import { literalPrivateReason } from '../../telemetry/pollers/feedAddress.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';

interface FeedRow {
  id: string;
  organisation_id: string;
  name: string;
  source_type: string;
  base_url: string;
  format: OemFeed['format'];
  auth: OemFeed['auth'];
  username: string | null;
  has_secret: boolean;
  token_url: string | null;
  scope: string | null;
  interval_s: number;
  enabled: boolean;
  last_polled_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  last_equipment: number | null;
}

const FEED_COLUMNS = `id, organisation_id, name, source_type, base_url, format, auth, username,
  secret IS NOT NULL AS has_secret, token_url, scope, interval_s, enabled, last_polled_at,
  last_success_at, last_error, last_equipment`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toFeed(row: FeedRow): OemFeed {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    sourceType: row.source_type,
    baseUrl: row.base_url,
    format: row.format,
    auth: row.auth,
    username: row.username,
    hasSecret: row.has_secret,
    tokenUrl: row.token_url,
    scope: row.scope,
    intervalS: row.interval_s,
    enabled: row.enabled,
    lastPolledAt: iso(row.last_polled_at),
    lastSuccessAt: iso(row.last_success_at),
    lastError: row.last_error,
    lastEquipment: row.last_equipment,
  };
}

/** What the schema cannot say: the fields each kind of authentication needs, and a foreign type. */
async function checkFeed(
  db: Queryable,
  body: OemFeedBody,
  storedSecret: boolean,
  allowPrivate: boolean,
): Promise<void> {
  // Names are resolved again at every poll; an address or a local name can be refused now.
  for (const field of ['baseUrl', 'tokenUrl'] as const) {
    const url = body[field];
    const reason = url && !allowPrivate ? literalPrivateReason(url) : null;
    if (reason) {
      throw badRequest(
        field,
        `${reason}; set OEM_FEED_ALLOW_PRIVATE=true to poll an on-premises feed`,
      );
    }
  }
  if (!isOemSourceType(body.sourceType)) {
    throw badRequest('sourceType', `${body.sourceType} is a tracker type, not an OEM feed's`);
  }
  if (body.auth !== 'none') {
    if (!body.username) {
      throw badRequest(
        'username',
        body.auth === 'oauth2'
          ? 'OAuth2 needs the client id'
          : 'Basic authentication needs a user name',
      );
    }
    if (!body.secret && !storedSecret) {
      throw badRequest(
        'secret',
        body.auth === 'oauth2'
          ? 'OAuth2 needs the client secret'
          : 'Basic authentication needs a password',
      );
    }
  }
  if (body.auth === 'oauth2' && !body.tokenUrl) {
    throw badRequest('tokenUrl', 'OAuth2 needs the token endpoint URL');
  }
  const [organisation] = await db.query('SELECT 1 FROM organisation WHERE id = $1', [
    body.organisationId,
  ]);
  if (!organisation) throw badRequest('organisationId', 'No such organisation');
}

/**
 * The feed's columns in the order both statements take them: organisation, name, source type, base
 * URL, format, auth, user name, secret, token URL, scope, interval, enabled. Credentials the chosen
 * authentication does not use are cleared; a secret left out is null (a change keeps the stored one).
 */
function feedValues(body: OemFeedBody) {
  return [
    body.organisationId,
    body.name,
    body.sourceType,
    body.baseUrl,
    body.format,
    body.auth,
    body.auth === 'none' ? null : (body.username ?? null),
    body.auth === 'none' ? null : (body.secret ?? null),
    body.auth === 'oauth2' ? (body.tokenUrl ?? null) : null,
    body.auth === 'oauth2' ? (body.scope ?? null) : null,
    body.intervalS,
    body.enabled ?? true,
  ];
}

export async function listFeeds(db: Queryable): Promise<OemFeed[]> {
  const rows = await db.query<FeedRow>(`SELECT ${FEED_COLUMNS} FROM oem_feed ORDER BY name, id`);
  return rows.map(toFeed);
}

export async function createFeed(
  db: Queryable,
  body: OemFeedBody,
  allowPrivate: boolean,
): Promise<OemFeed> {
  await checkFeed(db, body, false, allowPrivate);
  const [row] = await db.query<FeedRow>(
    `INSERT INTO oem_feed (organisation_id, name, source_type, base_url, format, auth, username,
       secret, token_url, scope, interval_s, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${FEED_COLUMNS}`,
    feedValues(body),
  );
  return toFeed(row as FeedRow);
}

/** Changes a feed; a secret left out keeps the stored one. */
export async function updateFeed(
  db: Queryable,
  id: string,
  body: OemFeedBody,
  allowPrivate: boolean,
): Promise<OemFeed> {
  const [existing] = await db.query<{ has_secret: boolean }>(
    'SELECT secret IS NOT NULL AS has_secret FROM oem_feed WHERE id = $1',
    [id],
  );
  if (!existing) throw notFound('No such OEM feed');
  await checkFeed(db, body, existing.has_secret, allowPrivate);
  const [row] = await db.query<FeedRow>(
    `UPDATE oem_feed SET organisation_id = $2, name = $3, source_type = $4, base_url = $5,
       format = $6, auth = $7, username = $8,
       secret = CASE WHEN $7 = 'none' THEN NULL ELSE coalesce($9, secret) END,
       token_url = $10, scope = $11, interval_s = $12, enabled = $13
     WHERE id = $1 RETURNING ${FEED_COLUMNS}`,
    [id, ...feedValues(body)],
  );
  return toFeed(row as FeedRow);
}

export async function deleteFeed(db: Queryable, id: string): Promise<void> {
  const deleted = await db.query('DELETE FROM oem_feed WHERE id = $1 RETURNING id', [id]);
  if (deleted.length === 0) throw notFound('No such OEM feed');
}

/** The equipment the feed reported, matched to a machine or not (its PIN matched none). */
export async function feedEquipment(db: Queryable, id: string): Promise<OemFeedEquipmentReply> {
  const [feed] = await db.query<{ source_type: string }>(
    'SELECT source_type FROM oem_feed WHERE id = $1',
    [id],
  );
  if (!feed) throw notFound('No such OEM feed');
  const rows = await db.query<{
    id: string;
    code: string;
    machine_id: string | null;
    machine_name: string | null;
    last_seen_at: Date | null;
  }>(
    `SELECT s.id, s.code, s.machine_id, m.name AS machine_name, s.last_seen_at
       FROM source s LEFT JOIN machine m ON m.id = s.machine_id
      WHERE s.type = $1 ORDER BY s.machine_id IS NOT NULL, s.code`,
    [feed.source_type],
  );
  return {
    equipment: rows.map((row) => ({
      sourceId: row.id,
      code: row.code,
      machineId: row.machine_id,
      machineName: row.machine_name,
      lastSeenAt: iso(row.last_seen_at),
    })),
  };
}
