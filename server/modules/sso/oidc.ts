// OpenID Connect sign-in with openid-client: authorization code with PKCE, state and nonce kept
// server-side, single-use, for ten minutes; the ID token's signature, issuer, audience, expiry and
// nonce checked by openid-client; state checked against our own record (ssoRequests.ts).
import * as oidc from 'openid-client';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import type { OidcSettings, SsoProvider } from './providers.ts';
import type { SsoPerson } from './ssoAccount.ts';
import { openRequest } from './ssoRequests.ts';

/** Discovery once per issuer and client, retried after a failure. */
const configurations = new Map<string, Promise<oidc.Configuration>>();

function configurationOf(settings: OidcSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(settings.issuer);
    // Plain HTTP only on loopback (the demo's and the tests' own provider).
    const loopback =
      issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    found = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      execute: loopback ? [oidc.allowInsecureRequests] : [],
    });
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

const providerRefused = (message: string) => new HttpError(502, 'SSO_PROVIDER_REFUSED', message);

/** The provider's authorization URL for a new sign-in, its checks stored for the callback. */
export async function startOidc(
  db: Queryable,
  provider: SsoProvider,
  settings: OidcSettings,
  redirectUri: string,
  loginHint: string,
): Promise<URL> {
  let configuration: oidc.Configuration;
  try {
    configuration = await configurationOf(settings);
  } catch (error) {
    throw providerRefused(`The identity provider cannot be reached: ${(error as Error).message}`);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  await openRequest(db, { state, providerId: provider.id, codeVerifier: verifier, nonce });
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
}

export async function finishOidc(
  settings: OidcSettings,
  callbackUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<SsoPerson> {
  const configuration = await configurationOf(settings);
  let claims: Record<string, unknown> & { sub: string };
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    // Many providers keep the e-mail for the userinfo endpoint rather than the ID token.
    claims =
      typeof idToken.email === 'string'
        ? idToken
        : {
            ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
            sub: idToken.sub,
          };
  } catch (error) {
    throw providerRefused(
      `The identity provider's answer was refused: ${(error as Error).message}`,
    );
  }
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!email || claims.email_verified === false)
    throw providerRefused('The identity provider gave no verified e-mail address');
  return {
    subject: claims.sub,
    email,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
  };
}
