// Abuse limits: the API per user and address, expensive calls at once per user and in all, and
// shared-location mail per request and per hour, each refused with 429 and Retry-After (or 400).
// @clock-relative: reads the clock for the minute the limits count in, never a date or hour.
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessClaims } from '../../server/security/tokens.ts';
import { registerErrorHandling } from '../../server/plugins/errors.ts';
import { registerLimits } from '../../server/plugins/limits.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

/**
 * On PostgreSQL the counts are kept per clock minute (server/plugins/rateWindows.ts): requests
 * that straddle :00 start again from zero. Waits, when the minute is nearly over, for the next.
 */
async function startOfAFreshMinute(): Promise<void> {
  const leftMs = 60_000 - (Date.now() % 60_000);
  if (leftMs < 15_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 100));
}

describe('expensive calls at once', () => {
  /** An app with one expensive route whose work finishes only when the test says so. */
  async function appWithHeldWork() {
    const app = Fastify();
    registerErrorHandling(app);
    const held: (() => void)[] = [];
    const keys = { current: null, byKid: new Map() } as unknown as Parameters<
      typeof registerLimits
    >[2];
    await registerLimits(
      app,
      {
        rateLimitPerMinute: 1000,
        ingestRateLimitPerMinute: 1000,
        expensivePerUser: 1,
        expensiveTotal: 2,
      },
      keys,
    );
    app.addHook('onRequest', async (request) => {
      request.auth = { sub: String(request.headers['x-user']) } as AccessClaims;
    });
    app.get('/v1/report', { config: { expensive: true } }, async () => {
      await new Promise<void>((resolve) => held.push(resolve));
      return { ok: true };
    });
    await app.ready();
    const call = (user: string) => app.inject({ url: '/v1/report', headers: { 'x-user': user } });
    /** Resolves once `count` calls are at work. */
    const atWork = async (count: number) => {
      while (held.length < count) await new Promise((resolve) => setImmediate(resolve));
    };
    const finishAll = () => held.splice(0).forEach((finish) => finish());
    return { app, call, atWork, finishAll };
  }

  it('lets one run per user and two in all, refusing the rest with 429 and Retry-After, and gives slots back', async () => {
    const { app, call, atWork, finishAll } = await appWithHeldWork();
    const first = call('ann');
    const second = call('bob');
    await atWork(2);
    // Both are at work: Ann's second call and Cleo's first are refused.
    const [again, cleo] = await Promise.all([call('ann'), call('cleo')]);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(cleo.statusCode).toBe(429);
    finishAll();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // The slots are free again.
    const later = call('ann');
    await atWork(1);
    finishAll();
    expect((await later).statusCode).toBe(200);
    await app.close();
  });
});

describeServer(
  'abuse limits',
  {
    env: {
      RATE_LIMIT_PER_MINUTE: '40',
      SHARE_MAX_RECIPIENTS: '3',
      SHARE_MAILS_PER_HOUR: '4',
    },
    users: ['admin', 'staff'],
  },
  (fixture) => {
    let machineId: string;
    beforeAll(async () => {
      const [machine] = await fixture.server.db.query<{ id: string }>(
        `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' ORDER BY m.name LIMIT 1`,
      );
      machineId = machine?.id ?? '';
    });

    it('caps shared-location recipients per request and mails per user per hour, and names the sharer', async () => {
      const share = (emailList: string[]) =>
        call(fixture.server, 'POST', `/v1/portal/maps/share/latest_location/${machineId}`, {
          token: fixture.admin,
          body: { emailList },
        });
      const tooMany = await share(['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example']);
      expect(tooMany).toMatchObject({ status: 400, body: { field: 'emailList' } });
      expect((await share(['a@x.example', 'b@x.example', 'c@x.example'])).status).toBe(200);
      const over = await share(['d@x.example', 'e@x.example']);
      expect(over).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      const outbox = await call<{ mails: { to: string; body: string }[] }>(
        fixture.server,
        'GET',
        '/v1/admin/outbox',
        { token: fixture.staff },
      );
      expect(outbox.body.mails).toHaveLength(3);
      expect(outbox.body.mails[0]?.body).toMatch(
        /Alex Morgan \(admin@demo\.example\) of Northbank Plant Hire shared/,
      );
    });

    it('limits the API per user and address with 429, Retry-After and the error shape', async () => {
      const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
      await startOfAFreshMinute();
      const statuses: number[] = [];
      for (let i = 0; i < 45; i++)
        statuses.push((await call(fixture.server, 'GET', '/v1/me', { token: viewer })).status);
      expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
      const refused = await call(fixture.server, 'GET', '/v1/me', { token: viewer });
      expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another user behind the same address has a budget of their own.
      expect((await call(fixture.server, 'GET', '/v1/me', { token: fixture.staff })).status).toBe(
        200,
      );
    });

    it("counts devices' ingest apart from people's calls from the same address", async () => {
      // A gateway on this address posts far more than people's limit...
      for (let i = 0; i < 45; i++) {
        const reply = await fetch(`${fixture.server.url}/v1/ingest/records`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'fpk_unknown' },
          body: JSON.stringify({ records: [{ deviceTime: '2026-11-20T08:00:00Z' }] }),
        });
        expect(reply.status).toBe(401);
      }
      // ...and signing in from it still works.
      expect(
        (
          await call(fixture.server, 'POST', '/v1/auth/login', {
            body: { email: 'harrow@demo.example', password: 'Demo-portal-1' },
          })
        ).status,
      ).toBe(200);
    });
  },
);
