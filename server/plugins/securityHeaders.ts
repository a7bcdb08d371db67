// Security headers on every reply (helmet): a Content-Security-Policy that allows only the
// portal's own scripts and the configured tile servers, no framing except /embedded by the
// configured origins, and HSTS when the portal is reached over https.
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The CSP source of a Leaflet URL template: its origin, with `{s}` subdomains as a wildcard. */
export function tileSource(template: string): string {
  const url = new URL(template.replace('{s}', 'tile-subdomain').replace(/\{[a-z]+\}/g, '0'));
  return `${url.protocol}//${url.host.replace('tile-subdomain', '*')}`;
}

const isEmbeddedPage = (url: string) => /^\/embedded(\/|\?|$)/.test(url);
/**
 * The single sign-on popup's own pages, and the SAML assertion consumer service the popup passes
 * through on its way back. They go to the identity provider and back, and must keep their opener:
 * a popup whose page (or redirect) sets COOP leaves the opener's browsing context group at the
 * first cross-origin navigation, and could no longer hand the sign-in back.
 */
const isSsoPopupPage = (url: string) =>
  /^\/sso(\/|\?|$)/.test(url) || /^\/v1\/auth\/sso\/saml\/[^/]+\/acs$/.test(url);

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'mapTileLayers' | 'embedAllowedOrigins'>,
): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const tiles = [...new Set(config.mapTileLayers.map((layer) => tileSource(layer.url)))];
  // Built once: @fastify/helmet built helmet's middleware again for every request, parsing the
  // policy each time (3 % of the server's work under load, docs/performance.md).
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's styling engine writes <style> elements and Leaflet positions tiles by style.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Tile servers such as OpenStreetMap's require a Referer; the origin alone is enough.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sign-in popups (single sign-on) talk back to the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // /embedded exists to be framed: by this portal and the configured origins only.
  const embedAncestors = ["'self'", ...config.embedAllowedOrigins].join(' ');
  app.addHook('onSend', async (request, reply) => {
    if (isSsoPopupPage(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
    if (!isEmbeddedPage(request.url)) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", `frame-ancestors ${embedAncestors}`),
      );
    }
    reply.removeHeader('x-frame-options');
  });
}
