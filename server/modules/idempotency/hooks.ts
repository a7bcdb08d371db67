// The Idempotency-Key header on writes (issue 44; the IETF httpapi draft "The Idempotency-Key HTTP
// Header Field"): a phone that queued a meter reading or a check offline may send it again when
// the signal comes back, not knowing whether the first try arrived. The first request with a key
// is made and its reply kept; the same key again gets that reply (with `Idempotency-Replayed`)
// without the write being made twice; the key with another request is refused (422), and while
// the first is still being answered the second waits its turn (409, Retry-After).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, HttpError } from '../../httpError.ts';
import { claimKey, keepReply, releaseKey } from './store.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = 'idempotency-key';
/** A UUID is what clients send; anything printable up to this length is taken. */
const KEY = /^[\x21-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this write claimed, whose reply is kept when it leaves. */
    idempotencyKey: string | null;
  }
}

/** What the request asks, so a key sent again with something else is told apart. */
function fingerprintOf(request: FastifyRequest): string {
  // An upload is not read before its handler: its length stands for it. Its boundary is left out,
  // as a browser draws a new one each time it sends the same file again.
  const body = request.isMultipart()
    ? `multipart;${request.headers['content-length'] ?? ''}`
    : JSON.stringify(request.body ?? null);
  return createHash('sha256')
    .update(`${request.auth.org}\n${request.method} ${request.url}\n${body}`)
    .digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[HEADER];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (!KEY.test(key)) {
    throw badRequest('Idempotency-Key', 'Idempotency-Key must be 1 to 200 printable characters');
  }
  return key;
}

/** The reply as text, when it is text; a file is not kept. */
function replyText(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (Buffer.isBuffer(payload) && /json|text/.test(type)) return payload.toString('utf8');
  return null;
}

export function registerIdempotency(app: FastifyInstance, db: Queryable): void {
  app.decorateRequest('idempotencyKey', null);
  // Before the request trail's own hook: a reply given again is no new write to audit.
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method) || !request.auth) return;
    const key = keyOf(request);
    if (key === null) return;
    const fingerprint = fingerprintOf(request);
    const kept = await claimKey(db, request.auth.sub, key, fingerprint);
    if (kept === null) {
      request.idempotencyKey = key;
      return;
    }
    if (kept.fingerprint !== fingerprint) {
      throw new HttpError(
        422,
        ERROR_CODES.validation,
        'This Idempotency-Key was sent with another request',
        'Idempotency-Key',
      );
    }
    if (kept.status === null || kept.reply === null) {
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        'The first request with this Idempotency-Key is still being answered',
        'Idempotency-Key',
        { 'retry-after': '1' },
      );
    }
    reply.code(kept.status).header('idempotency-replayed', 'true');
    if (kept.contentType) reply.type(kept.contentType);
    return reply.send(kept.reply);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null) return payload;
    request.idempotencyKey = null;
    const text = replyText(reply, payload);
    // A failure of the server's own may be tried again with the same key.
    if (reply.statusCode >= 500 || text === null) {
      await releaseKey(db, request.auth.sub, key);
      return payload;
    }
    const type = reply.getHeader('content-type');
    await keepReply(
      db,
      request.auth.sub,
      key,
      reply.statusCode,
      type === undefined ? null : String(type),
      text,
    );
    return payload;
  });
}
