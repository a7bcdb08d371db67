// SAML 2.0 sign-in as a service provider, through @node-saml/node-saml: SP-initiated, the request
// by HTTP-Redirect, the answer posted to our assertion consumer service. An answer counts only
// when its assertion is signed by a certificate of the provider's metadata, names our entity as
// its audience, answers our own request (InResponseTo, taken once) and is within its time
// conditions; anything else is refused.
import {
  generateServiceProviderMetadata,
  SAML,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import { HttpError } from '../../httpError.ts';
import { newSecret } from '../../security/secrets.ts';
import type { SamlSettings } from './providers.ts';
import { idpMetadata, type IdpMetadata } from './samlMetadata.ts';
import type { SsoPerson } from './ssoAccount.ts';
import { REQUEST_TTL_MS } from './ssoRequests.ts';

/** How far apart our clock and the provider's may be. */
const CLOCK_SKEW_MS = 30_000;

/** Our side of a provider: the entity id (our metadata's address) and where answers come. */
export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
}

export const serviceProviderOf = (publicUrl: string, providerId: string): ServiceProvider => {
  const base = `${publicUrl.replace(/\/$/, '')}/v1/auth/sso/saml/${providerId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs` };
};

/** Our metadata for the provider's administrator to register us with. */
export const serviceProviderMetadata = (sp: ServiceProvider): string =>
  generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });

/** A request of ours an answer may name, and when it was made. */
export interface SamlRequest {
  id: string;
  createdAt: Date;
}

/** node-saml's request-id store, answered from our own request row (see ssoRequests.ts). */
function requestIdStore(expected?: SamlRequest): CacheProvider & { saved?: string } {
  const store: CacheProvider & { saved?: string } = {
    saveAsync: async (key, value) => {
      store.saved = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (key === expected?.id ? expected.createdAt.toISOString() : null),
    removeAsync: async (key) => key,
  };
  return store;
}

function samlOf(idp: IdpMetadata, sp: ServiceProvider, cacheProvider: CacheProvider): SAML {
  return new SAML({
    entryPoint: idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.certificates,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    // Many providers sign only the assertion, which carries everything we read.
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Providers differ in the authentication contexts they offer; any is fine for us.
    disableRequestedAuthnContext: true,
  });
}

const providerRefused = (message: string) => new HttpError(502, 'SSO_PROVIDER_REFUSED', message);

async function metadataOf(settings: SamlSettings): Promise<IdpMetadata> {
  try {
    return await idpMetadata(settings.metadataUrl);
  } catch (error) {
    throw providerRefused(
      `The identity provider's metadata cannot be read: ${(error as Error).message}`,
    );
  }
}

/** The provider's sign-in address for a new request, and the request's id to keep. */
export async function startSaml(
  settings: SamlSettings,
  sp: ServiceProvider,
  loginHint: string,
): Promise<{ url: string; state: string; requestId: string }> {
  const idp = await metadataOf(settings);
  const store = requestIdStore();
  const state = newSecret();
  const url = new URL(await samlOf(idp, sp, store).getAuthorizeUrlAsync(state, undefined, {}));
  if (!store.saved) throw new Error('node-saml kept no request id');
  // Azure AD and others prefill their sign-in page from it; the rest ignore it.
  url.searchParams.set('login_hint', loginHint);
  return { url: url.toString(), state, requestId: store.saved };
}

const firstString = (profile: Profile, names: string[]): string => {
  for (const name of names) {
    const value = profile[name];
    const found = Array.isArray(value) ? value[0] : value;
    if (typeof found === 'string' && found) return found;
  }
  return '';
};

/** Attribute names for the same thing across providers (basic, OID and Microsoft claim URIs). */
const EMAIL = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const GIVEN_NAME = [
  'givenName',
  'given_name',
  'urn:oid:2.5.4.42',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const SURNAME = [
  'sn',
  'surname',
  'family_name',
  'urn:oid:2.5.4.4',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];

/** Checks a posted answer against the request it must answer; who it signed in. */
export async function finishSaml(
  settings: SamlSettings,
  sp: ServiceProvider,
  request: SamlRequest,
  samlResponse: string,
): Promise<SsoPerson> {
  const idp = await metadataOf(settings);
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(idp, sp, requestIdStore(request)).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    throw new HttpError(
      401,
      'SSO_PROVIDER_REFUSED',
      `The identity provider's answer was refused: ${(error as Error).message}`,
    );
  }
  if (!profile) throw providerRefused('The identity provider signed no one in');
  const nameIsEmail = /^[^@\s]+@[^@\s]+$/.test(profile.nameID);
  const email = (firstString(profile, EMAIL) || (nameIsEmail ? profile.nameID : '')).toLowerCase();
  if (!email) throw providerRefused('The identity provider gave no e-mail address');
  return {
    subject: profile.nameID,
    email,
    firstName: firstString(profile, GIVEN_NAME),
    lastName: firstString(profile, SURNAME),
  };
}
