// End to end, hires in Chromium against the real server (issue 41): a rental company registered
// through /register onboards a tracker, reads its hour meter in, and puts the machine on hire to a customer organisation
// through /hires/create; the customer's admin then sees exactly that machine, from the on-hire
// time; the rental admin off-hires it from the hire's page, and the customer sees no data after.
// @clock-relative: the hire starts now and the tracker's uplinks are stamped around it.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hire } from '../../src/domain/api/hires.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { DEMO_UNASSIGNED_DEVICES } from '../../server/demo/seed.ts';
import { DEMO_GATEWAYS } from '../../server/telemetry/simulator/demoRadio.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import { callAs } from '../support/browserWalk.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';
import { startSmtpServer } from '../support/smtpServer.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');
const PASSWORD = 'Hire-portal-2026';
const TTS_TOKEN = 'e2e-hires-tts-token-0123456789';
const RENTAL = { organisation: 'Apex Plant Rental', email: 'owner@apex.example' };
const CUSTOMER = { organisation: 'Keystone Builders', email: 'boss@keystone.example' };

if (!existsSync('dist/web/index.html')) {
  throw new Error('The portal is not built: run the e2e project through vitest');
}

describe.skipIf(!browserAvailable)('hires in a browser', () => {
  let portal: PortalProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let browser: Browser;
  let url: string;

  const freshPage = async (): Promise<Page> =>
    (await newPortalContext(browser, { width: 1280, height: 900 })).newPage();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  /** The link of the newest mail to `email` with `linkPath`, quoted-printable undone. */
  const mailedLink = async (email: string, linkPath: string): Promise<string> => {
    const find = () =>
      smtp?.received
        .filter((mail) => mail.to.join().includes(email))
        .map((mail) => mail.data.replace(/=\n/g, '').replace(/=3D/g, '='))
        .map(
          (text) => new RegExp(`https?://[^\\s"<>]*${linkPath}\\?token=[\\w.-]+`).exec(text)?.[0],
        )
        .find(Boolean);
    await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
    return find() ?? '';
  };

  const tokenFor = async (email: string): Promise<string> => {
    const reply = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = (await reply.json()) as { token?: string };
    if (!body.token) throw new Error(`no token for ${email}: ${JSON.stringify(body)}`);
    return body.token;
  };

  /** One uplink of the onboarded LoRaWAN sensor, stamped `at`. */
  const uplink = async (at: Date) => {
    const [, code] = DEMO_UNASSIGNED_DEVICES[1];
    const time = at.toISOString();
    const reply = await fetch(`${url}/v1/ingest/lorawan/tts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TTS_TOKEN}` },
      body: JSON.stringify({
        end_device_ids: { device_id: 'hired-tower', dev_eui: code },
        received_at: time,
        uplink_message: {
          f_port: 1,
          decoded_payload: { activityLevel: 70, batteryV: 3.6 },
          received_at: time,
          rx_metadata: [{ gateway_ids: { eui: DEMO_GATEWAYS.parkRoyal.eui }, rssi: -80, snr: 8 }],
        },
      }),
    });
    expect(reply.status).toBe(200);
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    smtp = await startSmtpServer();
    portal = await startPortalProcess(1, { LORAWAN_TTS_TOKEN: TTS_TOKEN, SMTP_URL: smtp.url });
    url = portal.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
    await smtp?.close();
  });

  it('lets a new rental company hire a machine to a customer, who sees it only while on hire', async () => {
    // The rental company registers through /register and confirms its address from the mail.
    const page = await freshPage();
    await page.goto(`${url}/register`);
    await page.getByLabel(/Organisation name/).fill(RENTAL.organisation);
    await page.getByLabel('Organisation type').click();
    await page.getByRole('option', { name: 'Rental company', exact: true }).click();
    await page.getByLabel(/First name/).fill('Ada');
    await page.getByLabel(/Last name/).fill('Apex');
    await page.getByLabel(/E-mail address/).fill(RENTAL.email);
    await page.getByLabel(/New password/).fill(PASSWORD);
    await page.getByLabel(/Repeat the password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(/Almost done/).waitFor({ timeout: 30_000 });
    await page.goto(await mailedLink(RENTAL.email, '/register'));
    await page.getByText(/Your address is confirmed/).waitFor({ timeout: 30_000 });

    // The customer registers too (through the API: the page is the same) and reads its account ID.
    const registered = await fetch(`${url}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        organisationName: CUSTOMER.organisation,
        organisationType: 'end-user',
        timezone: 'Europe/London',
        firstName: 'Kit',
        lastName: 'Keystone',
        email: CUSTOMER.email,
        password: PASSWORD,
      }),
    });
    expect(registered.status).toBe(202);
    const customerToken = new URL(await mailedLink(CUSTOMER.email, '/register')).searchParams.get(
      'token',
    );
    await callAs(url, '', '/v1/auth/register/confirm', {
      method: 'POST',
      body: { token: customerToken },
    });
    const customerPage = await freshPage();
    await signInToDemo(customerPage, url, CUSTOMER.email, PASSWORD);
    await customerPage.goto(`${url}/organisation/machines`);
    const accountId = (
      (await customerPage.getByTestId('account-id').locator('code').textContent()) ?? ''
    ).trim();
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);

    // The rental admin onboards a stock tracker from its label.
    await signInToDemo(page, url, RENTAL.email, PASSWORD);
    const [, code, claim] = DEMO_UNASSIGNED_DEVICES[1];
    await page.goto(`${url}/qr?code=${code}&claim=${claim}`);
    await page.getByTestId('onboard-source').waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: /^Name/ }).fill('Light tower LT-21');
    await page.getByRole('textbox', { name: 'Asset ID' }).fill('APX-0021');
    await page.getByRole('button', { name: 'Attach the device' }).click();
    await page.waitForURL(/\/machines\/[0-9a-f-]+/, { timeout: 30_000 });

    // It reads the machine's hour meter off the dial; a lower reading is refused with the current.
    const meterCard = page.getByTestId('machine-meter');
    await meterCard.getByRole('textbox', { name: 'Reading (h)' }).fill('1520.5');
    await meterCard.getByRole('button', { name: 'Add reading' }).click();
    await expect.poll(() => meterCard.getByTestId('meter-now').textContent()).toBe('1,520.5 h');
    await meterCard.getByRole('textbox', { name: 'Reading (h)' }).fill('1500');
    await meterCard.getByRole('button', { name: 'Add reading' }).click();
    await page.getByText(/below the meter's current reading of 1520.5 h/).waitFor();
    await expect
      .poll(() => meterCard.getByTestId('meter-history').locator('tbody tr').count())
      .toBe(1);

    // ...and puts it on hire from the machine's page, naming the customer by its account ID.
    await page.getByTestId('machine-hires').getByRole('link', { name: 'Put on hire' }).click();
    await page.waitForURL(/\/hires\/create\?machineId=/);
    await page.getByTestId('machine-picker').waitFor();
    // The picker names the machine once it has loaded it: on a loaded CI machine, beyond 5 s.
    await expect
      .poll(() => page.getByTestId('machine-picker').inputValue(), { timeout: 30_000 })
      .toContain('APX-0021');
    await page.getByRole('textbox', { name: 'Contract', exact: true }).fill('APX-C-1');
    await page.getByLabel(/account ID/).fill(accountId);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/hires\/[0-9a-f-]+\/show/, { timeout: 30_000 });
    await page.getByText('On hire', { exact: true }).first().waitFor();
    const hireId = /\/hires\/([0-9a-f-]+)\/show/.exec(page.url())?.[1] ?? '';
    const rentalToken = await tokenFor(RENTAL.email);
    const hire = await callAs<Hire>(url, rentalToken, `/v1/portal/hires/${hireId}`);
    expect(hire).toMatchObject({
      customer: CUSTOMER.organisation,
      status: 'onHire',
      assetId: 'APX-0021',
    });
    await shot(page, 'hires-on-hire');

    // The machine reports during the hire: the customer sees exactly it.
    const during = new Date(Date.parse(hire.onHireAt) + 1000);
    await uplink(during);
    await customerPage.goto(`${url}/machines/list`);
    await customerPage.getByText('Light tower LT-21').waitFor({ timeout: 30_000 });
    const customerApi = await tokenFor(CUSTOMER.email);
    const lastSeenBy = async (token: string) =>
      (
        await callAs<MachineListReply>(url, token, '/v1/portal/machines/list?start=max&end=max')
      ).machines.find((machine) => machine.name === 'Light tower LT-21')?.lastSeenAt ?? null;
    await expect.poll(() => lastSeenBy(customerApi), { timeout: 30_000 }).not.toBeNull();
    const seenDuring = await lastSeenBy(customerApi);
    const seen = await callAs<MachineListReply>(
      url,
      customerApi,
      '/v1/portal/machines/list?start=max&end=max',
    );
    expect(seen.machines.map((machine) => machine.name)).toEqual(['Light tower LT-21']);
    await shot(customerPage, 'hires-customer-sees-machine');

    // The rental admin off-hires it now; the customer's view ends there.
    await page.getByRole('button', { name: 'Off-hire' }).click();
    await page.getByTestId('hire-action-confirm').click();
    await page.getByText('The machine is off-hired.').waitFor({ timeout: 30_000 });
    const ended = await callAs<Hire>(url, rentalToken, `/v1/portal/hires/${hireId}`);
    expect(ended.status).toBe('offHired');
    const before = await lastSeenBy(rentalToken);
    await uplink(new Date(Date.parse(ended.offHireAt ?? '') + 60_000));
    // The rental company sees the new uplink: it has arrived.
    await expect.poll(() => lastSeenBy(rentalToken), { timeout: 30_000 }).not.toBe(before);
    // The customer's sight of it ends at the off-hire, though the machine reported after it.
    const lastSeen = await lastSeenBy(customerApi);
    expect(Date.parse(lastSeen ?? '')).toBeGreaterThanOrEqual(Date.parse(seenDuring ?? ''));
    expect(Date.parse(lastSeen ?? '')).toBeLessThanOrEqual(Date.parse(ended.offHireAt ?? ''));
  });
});
