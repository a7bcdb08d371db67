// Security headers: the CSP allows only our scripts and the tile server, nothing frames the portal
// but /embedded (by the configured origins), and HSTS is sent when the portal is on https.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileSource } from '../../server/plugins/securityHeaders.ts';
import { testDatabases } from '../support/databases.ts';
import { tempWebDir } from '../support/webDir.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

describe('tile sources', () => {
  it('allows the tile server origin, with subdomains as a wildcard', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tiles.example.com:8443/x/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.com:8443',
    );
  });
});

describe.each(testDatabases)('security headers on $kind', (database) => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = tempWebDir();
    server = await startTestServer(database, {
      env: {
        WEB_DIR: webDir,
        PUBLIC_URL: 'https://fleet.example.com',
        MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: 'Example tiles',
        EMBED_ALLOWED_ORIGINS: 'https://intranet.example.com,http://localhost:3000',
      },
      seed: false,
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const headersOf = async (urlPath: string) => (await fetch(`${server.url}${urlPath}`)).headers;

  it('sends a CSP with our scripts only, the tile server and no framing on pages and API replies', async () => {
    for (const urlPath of ['/machines', '/v1/health', '/v1/me', '/v1/no-such-call']) {
      const headers = await headersOf(urlPath);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, urlPath).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toMatch(/img-src[^;]*https:\/\/\*\.tiles\.example\.com/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    }
  });

  it('lets only the configured origins frame /embedded', async () => {
    const headers = await headersOf('/embedded');
    expect(headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' https://intranet.example.com http://localhost:3000",
    );
    expect(headers.get('x-frame-options')).toBeNull();
  });

  it('keeps the opener of the single sign-on popup, and isolates every other page', async () => {
    for (const urlPath of [
      '/sso?email=a%40b.example',
      '/sso/cognito-cil?state=x',
      // The SAML answer's redirect, which the popup passes through on its way back.
      '/v1/auth/sso/saml/00000000-0000-4000-8000-000000000000/acs',
    ])
      expect((await headersOf(urlPath)).get('cross-origin-opener-policy'), urlPath).toBe(
        'unsafe-none',
      );
    expect((await headersOf('/machines')).get('cross-origin-opener-policy')).toBe(
      'same-origin-allow-popups',
    );
  });
});

describe.each(testDatabases)('security headers over http on $kind', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, { seed: false });
  });
  afterAll(() => server.close());

  it('sends no HSTS and does not upgrade requests when the portal is on http', async () => {
    const headers = (await fetch(`${server.url}/v1/health`)).headers;
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(headers.get('content-security-policy')).toMatch(
      /img-src[^;]*https:\/\/tile\.openstreetmap\.org/,
    );
  });
});
