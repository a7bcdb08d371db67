// Webhooks through HTTP on both databases against a real local receiver (issue 43): an admin
// subscribes; an alert, a report file, meter drift and a hire going on hire each reach the receiver
// signed by the Standard Webhooks convention (checked by its reference library and by hand); a 500
// gets a retry, a day of failures switches the webhook off with a mail to the admins, a replay from
// the log delivers with the event's own id, a test send answers at once; a target on a private
// address is refused; viewers and other organisations are kept out.
// @clock-relative: the worker runs at moved clocks to step through the retry schedule.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  WEBHOOK_RETRY_DELAYS_S,
  type Webhook,
  type WebhookDelivery,
} from '../../src/domain/api/webhooks.ts';
import { postWebhook, publicOnly } from '../../server/modules/webhooks/send.ts';
import { checkTarget } from '../../server/modules/webhooks/store.ts';
import { describeServer } from '../support/describeServer.ts';
import { call } from '../support/testServer.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that keeps what it gets and answers with the status it is told. */
function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(state.status).end();
    });
  });
  return {
    received,
    state,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const bodyOf = (r: Received) =>
  JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };

describeServer(
  'webhooks',
  { users: ['admin', 'viewer', 'customer'], env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
  (fixture) => {
    const receiver = startReceiver();
    let url: string;
    let webhook: Webhook;
    let organisationId: string;
    let machineId: string;

    const run = (nowMs = Date.now()) => fixture.server.app.webhooks.run(nowMs);
    const hooks = '/v1/organisation/webhooks';
    const deliveries = async (state?: string) => {
      const filter = state ? `?filter=${encodeURIComponent(JSON.stringify({ state }))}` : '';
      const reply = await call<WebhookDelivery[]>(
        fixture.server,
        'GET',
        `${hooks}/${webhook.id}/deliveries${filter}`,
        { token: fixture.admin },
      );
      expect(reply.status).toBe(200);
      return reply;
    };
    /** A device-silent alert of the demo organisation, as the alert worker stores one. */
    const raiseAlert = async (minutesAgo: number) => {
      const [row] = await fixture.server.db.query<{ id: string }>(
        `INSERT INTO alert (organisation_id, alert_type, machine_id, subject_id, started_at, at, minutes)
         VALUES ($1, 'deviceSilent', $2, gen_random_uuid(), now() - make_interval(mins => $3), now(), $3)
         RETURNING id`,
        [organisationId, machineId, minutesAgo],
      );
      return row?.id ?? '';
    };

    beforeAll(async () => {
      url = await receiver.listen();
      const [machine] = await fixture.server.db.query<{ id: string; organisation_id: string }>(
        `SELECT m.id, m.organisation_id FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE o.name = 'Northbank Plant Hire' ORDER BY m.name LIMIT 1`,
      );
      machineId = machine?.id ?? '';
      organisationId = machine?.organisation_id ?? '';
      const created = await call<Webhook>(fixture.server, 'POST', hooks, {
        token: fixture.admin,
        body: {
          url,
          description: 'ERP',
          eventTypes: ['alert.deviceSilent', 'hire.started', 'report.ready', 'meter.drift'],
        },
      });
      expect(created.status).toBe(201);
      webhook = created.body;
    });
    afterAll(() => receiver.close());
    beforeEach(() => {
      receiver.received.length = 0;
      receiver.state.status = 200;
    });

    it('lets only the organisation’s admins make and see its webhooks', async () => {
      expect(webhook.secret).toMatch(/^whsec_/);
      expect(webhook.enabled).toBe(true);
      const viewer = await call(fixture.server, 'POST', hooks, {
        token: fixture.viewer,
        body: { url, eventTypes: ['report.ready'] },
      });
      expect(viewer.status).toBe(403);
      const bad = await call(fixture.server, 'POST', hooks, {
        token: fixture.admin,
        body: { url: 'ftp://example.com/x', eventTypes: ['report.ready'] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('url');
      const unknownType = await call(fixture.server, 'POST', hooks, {
        token: fixture.admin,
        body: { url, eventTypes: ['alert.nothing'] },
      });
      expect(unknownType.status).toBe(400);
      const list = await call<Webhook[]>(fixture.server, 'GET', hooks, { token: fixture.admin });
      expect(list.body.map((w) => w.id)).toContain(webhook.id);
      expect(list.headers.get('content-range')).toMatch(/^webhooks 0-\d+\/\d+$/);
      const customer = await call(fixture.server, 'GET', `${hooks}/${webhook.id}`, {
        token: fixture.customer,
      });
      expect(customer.status).toBe(404);
    });

    it('posts an alert signed by the Standard Webhooks convention', async () => {
      const alertId = await raiseAlert(90);
      await run();
      expect(receiver.received).toHaveLength(1);
      const [got] = receiver.received;
      if (!got) throw new Error('nothing received');
      // The reference library's verification, and the signature worked out by hand.
      expect(() =>
        new Verifier(webhook.secret).verify(got.body, got.headers as never),
      ).not.toThrow();
      const key = Buffer.from(webhook.secret.slice('whsec_'.length), 'base64');
      const signed = `${got.headers['webhook-id']}.${got.headers['webhook-timestamp']}.${got.body}`;
      expect(got.headers['webhook-signature']).toBe(
        `v1,${createHmac('sha256', key).update(signed).digest('base64')}`,
      );
      const body = bodyOf(got);
      expect(body.type).toBe('alert.deviceSilent');
      expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(body.data).toMatchObject({
        alertId,
        alertType: 'deviceSilent',
        machineId,
        minutes: 90,
      });
      expect(typeof body.data.machineName).toBe('string');
      const log = await deliveries();
      expect(log.body[0]).toMatchObject({
        eventType: 'alert.deviceSilent',
        state: 'delivered',
        attempts: 1,
        responseStatus: 200,
      });
      expect(log.headers.get('content-range')).toMatch(/^deliveries 0-\d+\/\d+$/);
    });

    it('posts a finished report file, a drifting meter and a machine going on hire', async () => {
      const db = fixture.server.db;
      const [file] = await db.query<{ id: string }>(
        `INSERT INTO report_file (organisation_id, report_type, format, request, status)
         VALUES ($1, 'fleetSummary', 'pdf', '{}', 'running') RETURNING id`,
        [organisationId],
      );
      await db.query(
        `UPDATE report_file SET status = 'done', file_name = 'fleet.pdf', size_bytes = 1234,
                finished_at = now() WHERE id = $1`,
        [file?.id ?? null],
      );
      await db.query(
        `UPDATE machine SET meter_drifting = true, meter_drift_h = 12.5, meter_drift_at = now()
          WHERE id = $1`,
        [machineId],
      );
      const startsAtMs = Date.now() + 60_000;
      await db.query(
        `INSERT INTO hire (machine_id, rental_organisation_id, customer_name, starts_at, contract_number)
         VALUES ($1, $2, 'Webhook Civils', $3, 'WH-1')`,
        [machineId, organisationId, new Date(startsAtMs)],
      );
      await run(startsAtMs + 1000);
      const types = receiver.received.map((r) => bodyOf(r).type).sort();
      expect(types).toEqual(['hire.started', 'meter.drift', 'report.ready']);
      const byType = (type: string) => receiver.received.map(bodyOf).find((b) => b.type === type);
      expect(byType('report.ready')?.data).toMatchObject({
        reportFileId: file?.id,
        sizeBytes: 1234,
      });
      expect(byType('meter.drift')?.data).toMatchObject({ machineId, driftHours: 12.5 });
      expect(byType('hire.started')?.data).toMatchObject({
        machineId,
        contractNumber: 'WH-1',
        customerName: 'Webhook Civils',
      });
      // Announced once, however often the worker looks.
      await run(startsAtMs + 2000);
      expect(receiver.received).toHaveLength(3);
      await db.query('UPDATE machine SET meter_drifting = false WHERE id = $1', [machineId]);
    });

    it('retries after a 500 with the same id', async () => {
      receiver.state.status = 500;
      await raiseAlert(91);
      const nowMs = Date.now();
      await run(nowMs);
      const [pending] = (await deliveries('pending')).body;
      expect(pending).toMatchObject({ attempts: 1, responseStatus: 500 });
      expect(Date.parse(pending?.nextAttemptAt ?? '')).toBe(
        nowMs + WEBHOOK_RETRY_DELAYS_S[0] * 1000,
      );
      // Not due yet: nothing more is posted.
      await run(nowMs + 1000);
      expect(receiver.received).toHaveLength(1);
      receiver.state.status = 204;
      await run(nowMs + WEBHOOK_RETRY_DELAYS_S[0] * 1000);
      expect(receiver.received).toHaveLength(2);
      const [first, second] = receiver.received;
      expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
      expect((await deliveries('pending')).body).toHaveLength(0);
    });

    it('switches a webhook off after a day of failures, mails the admins, and replays', async () => {
      receiver.state.status = 503;
      await raiseAlert(92);
      let nowMs = Date.now();
      await run(nowMs);
      for (const waitS of WEBHOOK_RETRY_DELAYS_S) {
        nowMs += waitS * 1000;
        await run(nowMs);
      }
      expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_S.length + 1);
      const off = await call<Webhook>(fixture.server, 'GET', `${hooks}/${webhook.id}`, {
        token: fixture.admin,
      });
      expect(off.body).toMatchObject({ enabled: false, disabledReason: 'failing' });
      const mails = await fixture.server.db.query<{ subject: string; body: string }>(
        `SELECT subject, body FROM mail_outbox WHERE to_address = 'admin@demo.example'
           AND subject LIKE 'A webhook of %' ORDER BY created_at DESC`,
      );
      expect(mails[0]?.body).toContain(url);
      const [failed] = (await deliveries('failed')).body;
      expect(failed?.attempts).toBe(WEBHOOK_RETRY_DELAYS_S.length + 1);

      // Switched off: a replay is refused until it is switched on again.
      const path = `${hooks}/${webhook.id}/deliveries/${failed?.id}/replay`;
      const refused = await call(fixture.server, 'POST', path, { token: fixture.admin });
      expect(refused.status).toBe(409);
      const on = await call<Webhook>(fixture.server, 'PATCH', `${hooks}/${webhook.id}`, {
        token: fixture.admin,
        body: { enabled: true },
      });
      expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
      receiver.state.status = 200;
      receiver.received.length = 0;
      const replayed = await call<WebhookDelivery>(fixture.server, 'POST', path, {
        token: fixture.admin,
      });
      expect(replayed.body).toMatchObject({ state: 'pending', attempts: 0 });
      await run();
      expect(receiver.received[0]?.headers['webhook-id']).toBe(failed?.eventId);
      const viewerReplay = await call(fixture.server, 'POST', path, { token: fixture.viewer });
      expect(viewerReplay.status).toBe(403);
    });

    it('sends a test event at once and says how it went', async () => {
      receiver.state.status = 202;
      const sent = await call<WebhookDelivery>(
        fixture.server,
        'POST',
        `${hooks}/${webhook.id}/test`,
        {
          token: fixture.admin,
        },
      );
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({
        eventType: 'webhook.test',
        state: 'delivered',
        responseStatus: 202,
      });
      expect(bodyOf(receiver.received[0] ?? { headers: {}, body: '{}' }).type).toBe('webhook.test');
    });

    it('refuses a target on a private address, when it is written and when it is posted', async () => {
      expect(() => checkTarget(url, false)).toThrow(/loopback/);
      expect(() => checkTarget('http://localhost:8080/x', false)).toThrow(/this machine/);
      expect(() => checkTarget('https://erp.example.com/hooks', false)).not.toThrow();
      const message = { id: 'msg_1', body: '{}' };
      const options = { allowPrivate: false, timeoutMs: 2000 };
      const literal = await postWebhook(url, webhook.secret, message, options);
      expect(literal).toMatchObject({ status: null, error: expect.stringMatching(/loopback/) });
      expect(receiver.received).toHaveLength(0);
      // A name that resolves to this machine is refused at connecting, by the address DNS gave.
      const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        publicOnly('localhost', { family: 0 }, (error) => resolve(error)),
      );
      expect(refused?.code).toBe('EPRIVATE');
    });

    it('counts an answer that never finishes within the timeout as a failure', async () => {
      const slow = createServer((_request, response) => {
        response.writeHead(200);
        response.write('still');
      });
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      const target = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
      const result = await postWebhook(
        target,
        webhook.secret,
        { id: 'msg_slow', body: '{}' },
        { allowPrivate: true, timeoutMs: 300 },
      );
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
      expect(result.error).toMatch(/within 300 ms|cut off/);
    });

    it('deletes a webhook with its log', async () => {
      const gone = await call(fixture.server, 'DELETE', `${hooks}/${webhook.id}`, {
        token: fixture.admin,
      });
      expect(gone.status).toBe(200);
      const again = await call(fixture.server, 'GET', `${hooks}/${webhook.id}`, {
        token: fixture.admin,
      });
      expect(again.status).toBe(404);
    });
  },
);
