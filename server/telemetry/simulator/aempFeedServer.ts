// An OEM portal's ISO 15143-3 endpoint, served by the simulator on 127.0.0.1: the fleet snapshot
// in pages under /Fleet/{n}, behind no authentication, HTTP Basic, or OAuth2 client credentials
// with its token endpoint at /oauth/token.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AempFormat } from '../adapters/aemp.ts';
import { fleetPage, type FeedEquipment } from './aempDocument.ts';

export type FeedServerAuth =
  | { kind: 'none' }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'oauth2'; clientId: string; clientSecret: string; tokenTtlS?: number };

export interface AempFeedServerOptions {
  /** The fleet as of the moment asked, read for each page. */
  snapshot: () => FeedEquipment[];
  format: AempFormat;
  pageSize?: number;
  auth?: FeedServerAuth;
  /** The snapshot's clock; tokens always expire by the real one. */
  now?: () => number;
}

export interface AempFeedServer {
  /** The first page: the feed's base URL. */
  fleetUrl: string;
  tokenUrl: string;
  /** What was asked of it, for tests. */
  stats: { pages: number; tokens: number; refused: number };
  /** Revokes every token issued, as a portal may at any time. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const basicOf = (header: string | undefined) => {
  if (!header?.startsWith('Basic ')) return null;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString().split(':');
  return { user: decodeURIComponent(user ?? ''), password: decodeURIComponent(rest.join(':')) };
};

export async function startAempFeedServer(options: AempFeedServerOptions): Promise<AempFeedServer> {
  const auth = options.auth ?? { kind: 'none' };
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 100;
  const tokens = new Map<string, number>();
  const stats = { pages: 0, tokens: 0, refused: 0 };
  let base = '';

  const refuse = (response: ServerResponse) => {
    stats.refused++;
    response.writeHead(401, { 'www-authenticate': auth.kind === 'basic' ? 'Basic' : 'Bearer' });
    response.end();
  };

  const allowed = (request: IncomingMessage) => {
    if (auth.kind === 'none') return true;
    if (auth.kind === 'basic') {
      const given = basicOf(request.headers.authorization);
      return given?.user === auth.username && given.password === auth.password;
    }
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    return (tokens.get(token) ?? 0) > Date.now();
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname === '/oauth/token' && request.method === 'POST' && auth.kind === 'oauth2') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const client = basicOf(request.headers.authorization);
        const form = new URLSearchParams(body);
        if (
          form.get('grant_type') !== 'client_credentials' ||
          client?.user !== auth.clientId ||
          client.password !== auth.clientSecret
        ) {
          stats.refused++;
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'invalid_client' }));
          return;
        }
        stats.tokens++;
        const token = randomBytes(16).toString('hex');
        const ttlS = auth.tokenTtlS ?? 3600;
        tokens.set(token, Date.now() + ttlS * 1000);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: ttlS }),
        );
      });
      return;
    }
    const match = /^\/Fleet\/(\d+)$/.exec(url.pathname);
    if (!match || request.method !== 'GET') {
      response.writeHead(404);
      response.end();
      return;
    }
    if (!allowed(request)) {
      refuse(response);
      return;
    }
    stats.pages++;
    const page = Number(match[1]);
    const equipment = options.snapshot();
    const pages = Math.max(1, Math.ceil(equipment.length / pageSize));
    const body = fleetPage(
      options.format,
      equipment.slice((page - 1) * pageSize, page * pageSize),
      // Relative links, as some portals write them.
      { self: `/Fleet/${page}`, next: page < pages ? `/Fleet/${page + 1}` : null },
      now(),
    );
    response.writeHead(200, {
      'content-type': options.format === 'json' ? 'application/json' : 'application/xml',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fleetUrl: `${base}/Fleet/1`,
    tokenUrl: `${base}/oauth/token`,
    stats,
    revokeTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
