// A closed-loop load client like autocannon's: each of `connections` users sends a request, waits
// for the whole reply, and sends the next, for `seconds`. Bodies are read and thrown away as bytes:
// autocannon turns every body chunk into a string, which made it, not the server, the limit for a
// megabyte-sized reply such as the fleet map's (measured: 4.6 of its 9.3 s of CPU in toString).
// With `revalidate`, each user keeps the entity tag of its last reply and sends it back in
// If-None-Match, as a browser's cache does when a page asks again; 304 then counts as answered.
import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  bytes: number;
  /** Answered 304: the user's copy still held. */
  notModified: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

export async function runLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** A request unanswered this long counts as an error. */
  timeoutMs?: number;
  revalidate?: boolean;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const endAt = performance.now() + options.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let notModified = 0;

  const once = (held: { etag?: string }) =>
    new Promise<void>((resolve) => {
      const began = performance.now();
      const headers =
        options.revalidate && held.etag
          ? { ...options.headers, 'if-none-match': held.etag }
          : options.headers;
      const request = http.get(
        options.url,
        { agent, headers, timeout: options.timeoutMs ?? 30_000 },
        (reply) => {
          reply.on('data', (chunk: Buffer) => (bytes += chunk.length));
          reply.on('end', () => {
            if (reply.statusCode === 200 || reply.statusCode === 304) {
              latencies.push(performance.now() - began);
              if (reply.statusCode === 304) notModified++;
              else held.etag = reply.headers.etag;
            } else errors++;
            resolve();
          });
          reply.on('error', () => {
            errors++;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => {
        errors++;
        resolve();
      });
    });

  const user = async () => {
    const held = {};
    while (performance.now() < endAt) await once(held);
  };
  await Promise.all(Array.from({ length: options.connections }, user));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    bytes,
    notModified,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
  };
}
