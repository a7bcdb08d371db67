// The demo's single sign-on: its own OpenID provider on a loopback port, and the provider row that
// sends the addresses of sso.demo.example through it, as viewers of the demo rental company.
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { newSecret } from '../../security/secrets.ts';
import { startDemoIdentityProvider, type DemoIdentityProvider } from './demoIdentityProvider.ts';
import { upsertProvider } from './providers.ts';
import { callbackUrlOf } from './routes.ts';

export const DEMO_SSO_DOMAIN = 'sso.demo.example';
const DEMO_SSO_ORGANISATION = 'Northbank Plant Hire';

export async function startDemoSso(
  db: Queryable,
  config: Pick<Config, 'publicUrl' | 'host' | 'demoOidcPort'>,
  log: { debug(message: string): void },
): Promise<DemoIdentityProvider | undefined> {
  const [organisation] = await db.query<{ id: string }>(
    'SELECT id FROM organisation WHERE name = $1',
    [DEMO_SSO_ORGANISATION],
  );
  if (!organisation) return undefined;
  const publicHost = new URL(config.publicUrl).hostname;
  const idp = await startDemoIdentityProvider({
    host: config.host,
    issuerHost: publicHost,
    port: config.demoOidcPort,
    redirectUris: [callbackUrlOf(config.publicUrl)],
    clientSecret: newSecret(),
    onWarning: (message) => log.debug(message),
  });
  // The issuer, client and secret change with each start: the row follows.
  await upsertProvider(db, {
    organisationId: organisation.id,
    emailDomain: DEMO_SSO_DOMAIN,
    name: 'Demo identity provider',
    type: 'OIDC',
    config: {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      createUsers: true,
      defaultRole: 'viewer',
    },
  });
  return idp;
}
