// One webhook attempt: the event signed by the Standard Webhooks convention and posted to the
// subscription's URL. The URL passes the OEM feeds' private-address guard on every attempt, at the
// moment of connecting (the address DNS gives the connection is the one checked, so a name that
// changes its answer cannot slip through), and a redirect is an answer, never followed.
import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, literalPrivateReason } from '../../telemetry/pollers/feedAddress.ts';

export interface WebhookMessage {
  /** The event's id: the same on every attempt, so a receiver can drop a repeat. */
  id: string;
  body: string;
}

export interface AttemptResult {
  /** The receiver's status; null when none came (refused, unreachable, timed out). */
  status: number | null;
  latencyMs: number;
  /** Why it failed; null on a 2xx. */
  error: string | null;
}

/** `v1,` and the HMAC-SHA256 of id.timestamp.body under the secret's key, in base64. */
export function signature(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64');
  return `v1,${signed}`;
}

/** DNS as usual, but an answer holding a private address is an error. */
export const publicOnly: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) {
      const refused = new Error(
        `${hostname} resolves to ${inside.address}, a loopback, link-local or private address`,
      );
      return callback(Object.assign(refused, { code: 'EPRIVATE' }), '', 4);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
    callback(null, first.address, first.family);
  });
};

const MAX_ERROR_CHARS = 300;

/** Posts the message once; never throws. */
export function postWebhook(
  url: string,
  secret: string,
  message: WebhookMessage,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const literal = options.allowPrivate ? null : literalPrivateReason(url);
  if (literal) return Promise.resolve({ status: null, latencyMs: 0, error: literal });
  const timestampS = Math.floor(Date.now() / 1000);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const failed = (status: number | null, error: Error) =>
      settle({ status, latencyMs: elapsed(), error: error.message.slice(0, MAX_ERROR_CHARS) });
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'fleet-portal-webhooks/1',
          'webhook-id': message.id,
          'webhook-timestamp': String(timestampS),
          'webhook-signature': signature(secret, message.id, timestampS, message.body),
        },
        ...(options.allowPrivate ? {} : { lookup: publicOnly }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not kept; it is read only so the connection can be reused.
        response.resume();
        response.on('end', () =>
          settle({
            status,
            latencyMs: elapsed(),
            error: status >= 200 && status < 300 ? null : `the receiver answered ${status}`,
          }),
        );
        response.on('error', (error) => failed(status, error));
        response.on('close', () => failed(status, new Error('the answer was cut off')));
      },
    );
    // The whole attempt, a slow answer's body too, within the timeout.
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', (error) => failed(null, error));
    request.end(message.body);
  });
}
