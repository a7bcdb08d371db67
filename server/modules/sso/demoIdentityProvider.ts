// An OpenID provider the demo (and the tests) start on a loopback port, so that single sign-on can
// be tried without an identity service: oidc-provider, the certified Node implementation, with its
// built-in sign-in and consent pages, where any address of the demo domain signs in with any
// password. Never for production: it trusts whoever types an address.
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface DemoIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** Names from the address: "pat.lee@…" signs in as Pat Lee. */
function namesOf(email: string): { given_name: string; family_name: string } {
  const [first = '', last = ''] = (email.split('@')[0] ?? '').split(/[._-]/);
  const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return { given_name: title(first), family_name: title(last) };
}

/**
 * Runs `work` with oidc-provider's console warnings (a development-only store, sign-in pages and,
 * on Node 20, the runtime) passed to `onWarning` instead: for the demo they are by design, and
 * docs/accounts.md says so, rather than in red on the terminal of someone trying the portal.
 */
async function withProviderWarnings<T>(
  onWarning: (message: string) => void,
  work: () => Promise<T>,
): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.includes('oidc-provider WARNING')) onWarning(text);
    else warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

export async function startDemoIdentityProvider(options: {
  /** Where it listens... */
  host: string;
  /** ...and the host name browsers reach it by, when that differs (listening on every address). */
  issuerHost?: string;
  port: number;
  redirectUris: string[];
  clientSecret: string;
  onWarning?: (message: string) => void;
}): Promise<DemoIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.issuerHost ?? options.host}:${port}`;
  const clientId = 'fleet-portal-demo';
  // Loaded only when the demo runs: a portal without the demo never loads it.
  const provider = await withProviderWarnings(options.onWarning ?? (() => undefined), async () => {
    const { default: Provider } = await import('oidc-provider');
    return new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: options.clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      // The login form's "username" is the address; the account is the address.
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({ sub, email: sub, email_verified: true, ...namesOf(sub) }),
      }),
      features: { devInteractions: { enabled: true } },
      // A signing key of its own each start: nothing it signed needs to outlive the process.
      jwks: {
        keys: [
          {
            ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
              format: 'jwk',
            }),
            kid: 'demo',
            use: 'sig',
            alg: 'RS256',
          },
        ],
      },
      cookies: { keys: [options.clientSecret] },
    });
  });
  // Loopback over plain HTTP is the demo's only use.
  provider.proxy = false;
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret: options.clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
