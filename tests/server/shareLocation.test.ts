// Sharing a machine's latest location: the link, the mail through the outbox, WhatsApp links, the
// read-only page without sign-in (a customer's share limited to its hires), expiry, and 400s.
// @clock-relative: reads the clock for a shared link's 24-hour lifetime, never a date or hour.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareLocationReply, SharedLocationReply } from '../../src/domain/api/share.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { testDatabases } from '../support/databases.ts';
import { startSmtpServer } from '../support/smtpServer.ts';
import { call, signIn, startTestServer } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DEPOT = { latitude: 51.529, longitude: -0.276 };
const LATER = { latitude: 51.545, longitude: -0.25 };

describeServer('shared locations', { users: ['admin', 'customer', 'staff'] }, (fixture) => {
  let machineId: string;
  const share = (token: string, id: string, body: object) =>
    call<ShareLocationReply & { field?: string }>(
      fixture.server,
      'POST',
      `/v1/portal/maps/share/latest_location/${id}`,
      { token, body },
    );
  const page = (url: string) =>
    call<SharedLocationReply>(
      fixture.server,
      'GET',
      `/v1/shared/latest_location/${url.split('/').pop()}`,
    );

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    const record = (time: string, p: typeof DEPOT) => ({
      deviceTime: time,
      ignition: false,
      latitude: p.latitude,
      longitude: p.longitude,
      satellites: 9,
    });
    await sendRecords(fixture.server, fleet.sourceId, [
      record('2026-11-10T08:00:00Z', DEPOT),
      record('2026-11-10T12:00:00Z', LATER),
    ]);
  });

  it('mails a link to the latest location, offers WhatsApp links, and serves the page without sign-in', async () => {
    const reply = await share(fixture.admin, machineId, {
      emailList: ['Site.Manager@harrow.example', 'site.manager@harrow.example'],
      whatsappNumberList: ['+44 7700 900123'],
      includeSelf: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.emailed).toEqual(['site.manager@harrow.example', 'admin@demo.example']);
    expect(reply.body.url).toMatch(/\/shared\/location\/[\w-]{32}$/);
    expect(Date.parse(reply.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(reply.body.whatsappLinks).toEqual([
      {
        number: '+447700900123',
        url: expect.stringMatching(/^https:\/\/wa\.me\/447700900123\?text=/),
      },
    ]);
    expect(decodeURIComponent(reply.body.whatsappLinks[0]?.url ?? '')).toContain(reply.body.url);

    // Without SMTP the mail waits in the outbox, for staff to read.
    const outbox = await call<{
      mails: { to: string; subject: string; body: string; sentAt: null }[];
    }>(fixture.server, 'GET', '/v1/admin/outbox', { token: fixture.staff });
    expect(outbox.body.mails.map((m) => m.to).sort()).toEqual([
      'admin@demo.example',
      'site.manager@harrow.example',
    ]);
    expect(outbox.body.mails[0]?.body).toContain(reply.body.url);
    expect(outbox.body.mails[0]?.sentAt).toBeNull();
    expect(
      (await call(fixture.server, 'GET', '/v1/admin/outbox', { token: fixture.admin })).status,
    ).toBe(403);

    const shown = await page(reply.body.url);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      organisation: 'Northbank Plant Hire',
      location: { ...LATER, lastUpdated: '2026-11-10T12:00:00.000Z' },
    });
  });

  it("shows a customer's share only where the machine was within the hire, and expires", async () => {
    expect((await share(fixture.customer, machineId, { emailList: ['a@b.example'] })).status).toBe(
      404,
    );
    await fixture.server.db.query(
      `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, starts_at, ends_at, contract_number)
       SELECT m.id, m.organisation_id, o.id, '2026-11-10T00:00:00Z', '2026-11-10T10:00:00Z', 'C-SHARE-1'
         FROM machine m, organisation o WHERE m.id = $1 AND o.name = 'Harrow Civil Engineering'`,
      [machineId],
    );
    const reply = await share(fixture.customer, machineId, {
      whatsappNumberList: ['07700 900456'],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.emailed).toEqual([]);
    const shown = await page(reply.body.url);
    expect(shown.body.location).toMatchObject(DEPOT);

    await fixture.server.db.query(
      `UPDATE location_share SET expires_at = now() - interval '1 minute' WHERE token = $1`,
      [reply.body.url.split('/').pop() ?? ''],
    );
    expect((await page(reply.body.url)).status).toBe(410);
    expect((await page('/shared/location/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await page('/shared/location/bad!token')).status).toBe(400);
  });

  it('refuses a share without recipients or with a malformed one, naming the field', async () => {
    for (const [body, field] of [
      [{}, 'emailList'],
      [{ emailList: ['not an address'] }, 'emailList'],
      [{ whatsappNumberList: ['call me'] }, 'whatsappNumberList'],
      [{ emailList: ['a@b.example'], colour: 'red' }, 'colour'],
    ] as const) {
      const reply = await share(fixture.admin, machineId, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(field);
    }
    expect((await share(fixture.admin, 'nope', { emailList: ['a@b.example'] })).status).toBe(400);
  });
});

describe('the outbox with SMTP', () => {
  it('sends through SMTP and records it; a failed delivery keeps its reason and loses nothing', async () => {
    const smtp = await startSmtpServer();
    const server = await startTestServer(testDatabases[0] as (typeof testDatabases)[number], {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@test.invalid>' },
    });
    try {
      const admin = (await signIn(server)).token;
      const staff = (await signIn(server, 'staff@demo.example')).token;
      const { machineId } = await demoMachines(server);
      const reply = await call<ShareLocationReply>(
        server,
        'POST',
        `/v1/portal/maps/share/latest_location/${machineId}`,
        { token: admin, body: { emailList: ['site.manager@harrow.example'] } },
      );
      expect(reply.status).toBe(200);
      // Delivered in the background.
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
      expect(smtp.received[0]?.to).toEqual(['<site.manager@harrow.example>']);
      // Quoted-printable: soft line breaks joined again.
      const text = (smtp.received[0]?.data ?? '').replace(/=\n/g, '').replace(/=3D/g, '=');
      expect(text).toContain(reply.body.url);
      const newest = async () =>
        (
          await call<{ mails: { to: string; sentAt: string | null; error: string | null }[] }>(
            server,
            'GET',
            '/v1/admin/outbox',
            { token: staff },
          )
        ).body.mails[0];
      await expect.poll(async () => (await newest())?.sentAt, { timeout: 10_000 }).toBeTruthy();

      // The mail server goes away: the share still works, the mail says why it was not sent.
      await smtp.close();
      const again = await call<ShareLocationReply>(
        server,
        'POST',
        `/v1/portal/maps/share/latest_location/${machineId}`,
        { token: admin, body: { emailList: ['other@harrow.example'] } },
      );
      expect(again.status).toBe(200);
      const after = await call<{
        mails: { to: string; sentAt: string | null; error: string | null }[];
      }>(server, 'GET', '/v1/admin/outbox', { token: staff });
      expect(after.body.mails[0]).toMatchObject({ to: 'other@harrow.example', sentAt: null });
      expect(after.body.mails[0]?.error).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});
