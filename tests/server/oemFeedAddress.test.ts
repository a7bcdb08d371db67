// OEM feeds cannot reach the portal's own network: loopback, link-local and private addresses are
// refused when a feed is saved and again at every poll (a name may resolve anywhere), unless
// OEM_FEED_ALLOW_PRIVATE allows an on-premises feed.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  literalPrivateReason,
  resolvedPrivateReason,
} from '../../server/telemetry/pollers/feedAddress.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describe('private addresses', () => {
  it('knows loopback, link-local, private, shared and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '2a00:1450::1', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses local names without DNS, and names that resolve inside', async () => {
    expect(literalPrivateReason('http://localhost:8080/feed')).toMatch(/this machine/);
    expect(literalPrivateReason('https://oem.example.com/feed')).toBeNull();
    const resolve = async (host: string) =>
      host === 'rebind.example.com' ? ['10.0.0.5'] : ['93.184.216.34'];
    expect(await resolvedPrivateReason('https://rebind.example.com/x', resolve)).toMatch(
      /10\.0\.0\.5/,
    );
    expect(await resolvedPrivateReason('https://oem.example.com/x', resolve)).toBeNull();
  });
});

describeServer('OEM feed addresses', { users: ['staff'] }, (fixture) => {
  let organisationId: string;
  beforeAll(async () => {
    const [org] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
    );
    organisationId = org?.id ?? '';
  });

  const body = (change: Record<string, unknown>) => ({
    organisationId,
    name: 'Inside feed',
    sourceType: 'KOMATSU',
    baseUrl: 'https://oem.example.com/Fleet/1',
    format: 'xml',
    auth: 'oauth2',
    username: 'client',
    secret: 'secret',
    tokenUrl: 'https://oem.example.com/token',
    intervalS: 3600,
    ...change,
  });

  it('refuses a feed or token URL on a private address, naming the field', async () => {
    for (const [field, url] of [
      ['baseUrl', 'http://127.0.0.1:9/Fleet/1'],
      ['baseUrl', 'http://[::1]/Fleet/1'],
      ['baseUrl', 'http://169.254.169.254/latest/meta-data'],
      ['tokenUrl', 'http://192.168.1.10/token'],
      ['baseUrl', 'http://localhost/Fleet/1'],
    ] as const) {
      const reply = await call(fixture.server, 'POST', '/v1/admin/oem-feeds', {
        token: fixture.staff,
        body: body({ [field]: url }),
      });
      expect(reply.status, url).toBe(400);
      expect(reply.body, url).toMatchObject({ field });
    }
  });

  it('refuses at poll time a feed stored before, and keeps the reason on the feed', async () => {
    const [feed] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO oem_feed (organisation_id, name, source_type, base_url, format, auth, interval_s)
       VALUES ($1, 'Old inside feed', 'KOMATSU', 'http://127.0.0.1:9/Fleet/1', 'xml', 'none', 3600)
       RETURNING id`,
      [organisationId],
    );
    const polled = await call<{ error: string | null; stored: number }>(
      fixture.server,
      'POST',
      `/v1/admin/oem-feeds/${feed?.id}/poll`,
      { token: fixture.staff },
    );
    expect(polled.status).toBe(200);
    expect(polled.body.error).toMatch(/private address.*OEM_FEED_ALLOW_PRIVATE/);
    expect(polled.body.stored).toBe(0);
  });
});
