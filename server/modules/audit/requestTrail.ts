// Every write through the API goes into the audit trail: who (user and organisation), when, which
// route with which parameters and body, from which address, and how it ended. Written before the
// handler runs and finished before the reply leaves, so whoever reads the trail after a write's
// reply finds the write there. Modules still record their own kinds of change (user.created,
// brand.saved) with the words they choose.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { actorEmailSql, actorOf } from './record.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Names whose values are secrets: kept out of the trail, which admins of an organisation read. */
const SECRET = /pass(word)?|secret|token|apikey|api_key|otp|totp|private|^key$|^code$/i;
/** A body larger than this (a calibration table, an import) is kept as its size only. */
export const AUDIT_BODY_MAX_CHARS = 8000;

/**
 * Deeper than this a body is kept as a mark: the trail must always be storable (PostgreSQL's jsonb
 * refuses nesting past its stack), and no form of the portal nests anywhere near it.
 */
const AUDIT_DEPTH = 20;

/** The value with every secret-named field hidden, and nothing kept deeper than AUDIT_DEPTH. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= AUDIT_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] =
      SECRET.test(key) && inner !== null && inner !== ''
        ? '[hidden]'
        : withoutSecrets(inner, depth + 1);
  }
  return copy;
}

function bodyOf(request: FastifyRequest): unknown {
  if (request.isMultipart()) return { upload: true };
  if (request.body === undefined || request.body === null) return null;
  const text = JSON.stringify(withoutSecrets(request.body));
  return text.length > AUDIT_BODY_MAX_CHARS ? { omittedChars: text.length } : JSON.parse(text);
}

/** The route as declared (/v1/users/:id), so writes to one kind of thing can be searched together. */
const routeOf = (request: FastifyRequest) =>
  request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;

declare module 'fastify' {
  interface FastifyRequest {
    /** The audit row written ahead of this write, finished with its outcome when the reply leaves. */
    auditEventId: string | null;
  }
}

export function registerRequestTrail(app: FastifyInstance, db: Queryable): void {
  app.decorateRequest('auditEventId', null);
  // Written ahead, once the caller is known and the request valid, before the handler changes
  // anything: a write whose trail cannot be written is refused with nothing changed, so no write
  // is ever missing from the trail. (Why ahead and not in the handler's transaction: decisions.md.)
  app.addHook('preHandler', async (request: FastifyRequest) => {
    // A caller that signed in and was let through: public calls (sign-in, device webhooks) have
    // their own records.
    if (!WRITES.has(request.method) || !request.auth) return;
    try {
      const actor = actorOf(request.auth);
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO audit_event (organisation_id, actor_user_id, actor_api_client_id, actor_email,
                                  action, details, method, path, address, request_id)
         VALUES ($1, $2, $9, ${actorEmailSql('$2', '$9')}, $3, $4, $5, $6, $7, $8)
         RETURNING id`,
        [
          request.auth.org,
          actor.userId,
          'api.write',
          JSON.stringify({
            params: request.params ?? {},
            query: request.query ?? {},
            body: bodyOf(request),
          }),
          request.method,
          routeOf(request),
          request.ip,
          request.id,
          actor.apiClientId,
        ],
      );
      request.auditEventId = row?.id ?? null;
    } catch (error) {
      request.log.error({ err: error }, 'audit trail not written; the write is refused');
      throw new HttpError(
        500,
        ERROR_CODES.internal,
        'The audit trail could not be written, so nothing was changed',
      );
    }
  });
  // The outcome: a write refused (4xx) changed nothing and leaves no row; a done one, or one that
  // failed part-way (5xx), keeps it with its status. A row left without a status (the process
  // ended between the two) reads as an unknown outcome.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    const id = request.auditEventId;
    if (!id) return;
    request.auditEventId = null;
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    try {
      if (refused) await db.query('DELETE FROM audit_event WHERE id = $1', [id]);
      else
        await db.query('UPDATE audit_event SET status = $2 WHERE id = $1', [id, reply.statusCode]);
    } catch (error) {
      request.log.error({ err: error }, 'audit outcome not written');
    }
  });
}
