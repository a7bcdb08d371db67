// Each request to the generic JSON ingest whose key names a source, kept as received with what
// the ingest made of it: the admin area's /admin/android reads it to answer "the app says it sent
// it". A body too large to keep whole is kept cut, and says so.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';

/** The most of a body the log keeps. */
export const INGEST_LOG_BODY_CHARS = 64 * 1024;

interface Outcome {
  stored?: number;
  duplicates?: number;
  invalid?: number;
  quarantined?: number;
  refused?: { index: number; reason: string }[];
  message?: string;
}

function outcomeOf(payload: unknown): Outcome {
  if (typeof payload !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Outcome) : {};
  } catch {
    return {};
  }
}

export async function logIngestRequest(
  db: Queryable,
  sourceId: string,
  request: FastifyRequest,
  status: number,
  payload: unknown,
): Promise<void> {
  const text = JSON.stringify(request.body ?? null);
  const truncated = text.length > INGEST_LOG_BODY_CHARS;
  const outcome = outcomeOf(payload);
  await db.query(
    `INSERT INTO ingest_request (source_id, address, status, body, body_truncated, stored, duplicates,
                                 invalid, quarantined, refused, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      sourceId,
      request.ip,
      status,
      truncated ? JSON.stringify(text.slice(0, INGEST_LOG_BODY_CHARS)) : text,
      truncated,
      outcome.stored ?? 0,
      outcome.duplicates ?? 0,
      outcome.invalid ?? 0,
      outcome.quarantined ?? 0,
      JSON.stringify(outcome.refused ?? []),
      status >= 400 ? (outcome.message ?? `HTTP ${status}`) : null,
    ],
  );
}
