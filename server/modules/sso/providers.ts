// The single sign-on providers staff configure per organisation and e-mail domain.
import type { Role } from '../../../src/domain/constants.ts';
import type { Queryable } from '../../db/database.ts';

export interface AccountRule {
  /** Whether someone of the domain without an account gets one at their first sign-in... */
  createUsers: boolean;
  /** ...with this role in the provider's organisation. */
  defaultRole: Role;
}

export interface OidcSettings extends AccountRule {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface SamlSettings extends AccountRule {
  /** The identity provider's SAML metadata: its entity id, sign-in address and certificates. */
  metadataUrl: string;
}

export type StoredSettings = Partial<OidcSettings & SamlSettings>;

export interface SsoProvider {
  id: string;
  organisationId: string | null;
  emailDomain: string;
  name: string;
  type: 'OIDC' | 'SAML';
  config: StoredSettings;
}

interface Row {
  id: string;
  organisation_id: string | null;
  email_domain: string;
  provider: string;
  type: 'OIDC' | 'SAML';
  config: StoredSettings;
}

const toProvider = (row: Row): SsoProvider => ({
  id: row.id,
  organisationId: row.organisation_id,
  emailDomain: row.email_domain,
  name: row.provider,
  type: row.type,
  config: row.config,
});

export async function providerForEmail(
  db: Queryable,
  email: string,
): Promise<SsoProvider | undefined> {
  const domain = email.split('@').pop() ?? '';
  const [row] = await db.query<Row>(
    'SELECT * FROM sso_provider WHERE lower(email_domain) = lower($1)',
    [domain],
  );
  return row && toProvider(row);
}

export async function providerById(db: Queryable, id: string): Promise<SsoProvider | undefined> {
  const [row] = await db.query<Row>('SELECT * FROM sso_provider WHERE id = $1', [id]);
  return row && toProvider(row);
}

const accountRule = (config: StoredSettings): AccountRule => ({
  createUsers: config.createUsers === true,
  defaultRole: config.defaultRole ?? 'viewer',
});

/** The OIDC settings when complete; undefined for a provider that cannot be used. */
export function oidcSettings(provider: SsoProvider): OidcSettings | undefined {
  const { issuer, clientId, clientSecret } = provider.config;
  if (provider.type !== 'OIDC' || !issuer || !clientId || !clientSecret) return undefined;
  return { issuer, clientId, clientSecret, ...accountRule(provider.config) };
}

/** The SAML settings when complete; undefined for a provider that cannot be used. */
export function samlSettings(provider: SsoProvider): SamlSettings | undefined {
  const { metadataUrl } = provider.config;
  if (provider.type !== 'SAML' || !metadataUrl) return undefined;
  return { metadataUrl, ...accountRule(provider.config) };
}

/** Sets the demo's provider (domain, issuer and client), replacing an older demo row. */
export async function upsertProvider(
  db: Queryable,
  provider: Omit<SsoProvider, 'id'>,
): Promise<void> {
  await db.query(
    `INSERT INTO sso_provider (organisation_id, email_domain, provider, type, config)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (lower(email_domain)) DO UPDATE
       SET organisation_id = EXCLUDED.organisation_id, provider = EXCLUDED.provider,
           type = EXCLUDED.type, config = EXCLUDED.config`,
    [
      provider.organisationId,
      provider.emailDomain,
      provider.name,
      provider.type,
      JSON.stringify(provider.config),
    ],
  );
}
