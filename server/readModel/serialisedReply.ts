// A reply serialised once for every request that shares it (ReadModel.shared, or kept between
// requests), and compressed once for those whose browser accepts gzip. Under load the same answer
// goes to hundreds of requests: serialising and compressing it per request was most of the work
// (docs/performance.md). Each carries an entity tag, so that a browser asking again for an answer
// it already holds gets 304 and no body.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { ReadModel } from './readModel.ts';

export interface SerialisedReply {
  json: string;
  gzip?: Promise<Buffer>;
  etag?: string;
}

/** Compressed off the event loop, in zlib's thread pool: the fleet map's reply is megabytes. */
const gzipText = (text: string): Promise<Buffer> => promisify(gzip)(text);

/** Serialises `value` by the route's own response schema. */
export const serialised = (reply: FastifyReply, value: unknown): SerialisedReply => ({
  json: reply.serialize(value) as string,
});

/**
 * Weak: the same tag names the plain and the gzipped body, which carry the same JSON. The hash of
 * the fleet map's megabytes is taken once per kept answer, as its compression is.
 */
const entityTag = (json: string): string =>
  `W/"${createHash('sha1').update(json).digest('base64url')}"`;

/**
 * Sends it as it is (Fastify sends a string of JSON unchanged, and @fastify/compress leaves a
 * reply that already has its encoding), gzipped when the caller accepts it; or 304 and no body
 * when the caller's If-None-Match names it. `private, no-cache`: a browser may keep the answer
 * but asks each time whether it still holds.
 */
export async function sendSerialised<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: SerialisedReply,
): Promise<T> {
  kept.etag ??= entityTag(kept.json);
  reply
    .header('etag', kept.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  if (fresh(request.headers, { etag: kept.etag })) {
    return reply.code(304).send() as unknown as T;
  }
  reply.type('application/json; charset=utf-8');
  if (negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) !== 'gzip') {
    return kept.json as unknown as T;
  }
  kept.gzip ??= gzipText(kept.json);
  const compressed = await kept.gzip;
  reply.header('content-encoding', 'gzip');
  return compressed as unknown as T;
}

/** What identifies an answer shared or kept across requests: the call, the organisation, the query. */
export const answerKey = (name: string, request: FastifyRequest): string =>
  `${name}\u0000${request.organisation.id}\u0000${JSON.stringify(request.query)}`;

/**
 * Answers a request with the answer it shares with the same organisation's same query
 * (ReadModel.shared), serialised and compressed once for all of them.
 */
export async function sendShared<T>(
  model: ReadModel,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  answer: () => Promise<T>,
): Promise<T> {
  const kept = await model.shared(
    answerKey(name, request),
    // When the request arrived: Fastify counts its elapsed time from then.
    performance.now() - reply.elapsedTime,
    async () => serialised(reply, await answer()),
  );
  return sendSerialised<T>(request, reply, kept);
}
