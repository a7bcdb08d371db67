// An identity provider's SAML metadata, read from the address staff configured: its entity id,
// where its single sign-on takes an HTTP-Redirect request, and the certificates it signs with.
// Kept ten minutes per address, so a provider's new certificate is picked up without a restart.
import { DOMParser } from '@xmldom/xmldom';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const CACHE_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 1_000_000;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** PEM certificates, any of which may have signed an answer. */
  certificates: string[];
}

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

/** The parts we use of an IdP's metadata document; throws naming what is missing. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  // A document that is not XML simply describes no provider (below).
  const quiet = { warning: () => undefined, error: () => undefined };
  const document = new DOMParser({ errorHandler: quiet }).parseFromString(xml, 'text/xml');
  const descriptor = document.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor')[0];
  const entity = descriptor?.parentNode as Element | null | undefined;
  const entityId = entity?.getAttribute('entityID');
  if (!descriptor || !entityId) throw new Error('it describes no SAML identity provider');
  const services = Array.from(
    descriptor.getElementsByTagNameNS(METADATA_NS, 'SingleSignOnService'),
  );
  const ssoUrl = services
    .find((service) => service.getAttribute('Binding') === REDIRECT_BINDING)
    ?.getAttribute('Location');
  if (!ssoUrl) throw new Error('it has no single sign-on service for the HTTP-Redirect binding');
  const certificates = Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(SIGNATURE_NS, 'X509Certificate')))
    .map((certificate) => pem(certificate.textContent ?? ''));
  if (certificates.length === 0) throw new Error('it has no signing certificate');
  return { entityId, ssoUrl, certificates };
}

const cache = new Map<string, { at: number; metadata: Promise<IdpMetadata> }>();

async function download(url: string): Promise<IdpMetadata> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
  });
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new Error('it is larger than 1 MB');
  return parseIdpMetadata(text);
}

/** The metadata at an address, from the cache when younger than ten minutes. */
export function idpMetadata(url: string, now = Date.now()): Promise<IdpMetadata> {
  const cached = cache.get(url);
  if (cached && now - cached.at < CACHE_MS) return cached.metadata;
  const metadata = download(url);
  cache.set(url, { at: now, metadata });
  metadata.catch(() => cache.delete(url));
  return metadata;
}
