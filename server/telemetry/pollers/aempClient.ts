// Reads one ISO 15143-3 fleet snapshot over HTTP: authenticates (none, basic, or OAuth2 client
// credentials with the token cached until shortly before it expires), then follows the `next`
// links page by page, bounded so that a feed whose links loop cannot keep the poller busy.
import { decodeAempPage, type AempFormat, type AempPage } from '../adapters/aemp.ts';
import { PayloadDecodeError } from '../adapters/jsonPayload.ts';

export type FeedAuth =
  | { kind: 'none' }
  | { kind: 'basic'; username: string; password: string }
  | {
      kind: 'oauth2';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope: string | null;
    };

export interface AempFeedConfig {
  baseUrl: string;
  format: AempFormat;
  sourceType: string;
  auth: FeedAuth;
}

/** Why a poll failed, worded for the staff who configured the feed. */
export class FeedError extends Error {}

export const MAX_PAGES = 10_000;
const MAX_PAGE_BYTES = 50 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;
/** A token is renewed this long before the server said it expires. */
const TOKEN_MARGIN_MS = 60_000;

type Fetch = typeof fetch;

interface CachedToken {
  value: string;
  expiresMs: number;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function request(fetcher: Fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetcher(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new FeedError(`The request to ${url} ${reason}: ${String(error)}`);
  }
}

async function readBody(response: Response, url: string): Promise<string> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_PAGE_BYTES) throw new FeedError(`The page ${url} is larger than 50 MB`);
  const body = await response.text();
  if (body.length > MAX_PAGE_BYTES) throw new FeedError(`The page ${url} is larger than 50 MB`);
  return body;
}

export class AempClient {
  private token: CachedToken | null = null;

  constructor(
    private readonly feed: AempFeedConfig,
    private readonly fetcher: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every page of the snapshot, in order. */
  async *pages(): AsyncGenerator<AempPage> {
    const seen = new Set<string>();
    let url: string | null = this.feed.baseUrl;
    // Some portals' last page links `next` to itself: a page already read ends the snapshot.
    while (url !== null && !seen.has(url)) {
      if (seen.size >= MAX_PAGES) throw new FeedError(`The feed has more than ${MAX_PAGES} pages`);
      seen.add(url);
      const body = await this.get(url);
      let page: AempPage;
      try {
        page = decodeAempPage(body, this.feed.format, this.feed.sourceType, url, this.now());
      } catch (error) {
        if (error instanceof PayloadDecodeError) {
          throw new FeedError(
            `The page ${url} could not be read (${error.field}): ${error.message}`,
          );
        }
        throw error;
      }
      yield page;
      url = page.nextUrl;
    }
  }

  private async get(url: string, retried = false): Promise<string> {
    const accept = this.feed.format === 'json' ? 'application/json' : 'application/xml';
    const response = await request(this.fetcher, url, {
      headers: { accept, ...(await this.authorisation()) },
    });
    // An OAuth2 token may be revoked before it expires: fetch a new one once.
    if (response.status === 401 && this.feed.auth.kind === 'oauth2' && !retried) {
      this.token = null;
      return this.get(url, true);
    }
    if (!response.ok) {
      throw new FeedError(`The feed answered ${response.status} ${response.statusText} for ${url}`);
    }
    return readBody(response, url);
  }

  private async authorisation(): Promise<Record<string, string>> {
    const auth = this.feed.auth;
    if (auth.kind === 'none') return {};
    if (auth.kind === 'basic') return { authorization: basic(auth.username, auth.password) };
    if (!this.token || this.token.expiresMs - TOKEN_MARGIN_MS <= this.now()) {
      this.token = await this.fetchToken(auth);
    }
    return { authorization: `Bearer ${this.token.value}` };
  }

  /** RFC 6749 section 4.4, with the client authenticated by HTTP Basic (section 2.3.1). */
  private async fetchToken(auth: Extract<FeedAuth, { kind: 'oauth2' }>): Promise<CachedToken> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scope) form.set('scope', auth.scope);
    const response = await request(this.fetcher, auth.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: basic(
          encodeURIComponent(auth.clientId),
          encodeURIComponent(auth.clientSecret),
        ),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    });
    if (!response.ok) {
      throw new FeedError(
        `The token endpoint answered ${response.status} ${response.statusText}: check the client id and secret`,
      );
    }
    let token: unknown;
    try {
      token = await response.json();
    } catch {
      throw new FeedError('The token endpoint did not answer with JSON');
    }
    const value = (token as { access_token?: unknown }).access_token;
    const expiresIn = Number((token as { expires_in?: unknown }).expires_in ?? 3600);
    if (typeof value !== 'string' || value === '') {
      throw new FeedError('The token endpoint answered without an access_token');
    }
    return {
      value,
      expiresMs: this.now() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000,
    };
  }
}
