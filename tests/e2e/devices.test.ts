// End to end, devices in Chromium against the real server and its demo fleet: a staff member
// registers the gateway nobody registered yet and sees the sensors it hears; an admin finds the
// sensor with a low battery from the device health dashboard and opens its machine; the gateway
// list shows the gateway that went silent. In the admin area, staff follow the demo's silent
// sensor from /admin to its coverage and its uplinks, and recompute a day of its machine.
// @clock-relative: a first uplink is stamped now, to show the machine reporting on any date.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNASSIGNED_DEVICES } from '../../server/demo/seed.ts';
import { DEMO_GATEWAYS } from '../../server/telemetry/simulator/demoRadio.ts';
import { formatMacLike } from '../../src/domain/devices.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');
const DEMO_PASSWORD = 'Demo-portal-1';
const TTS_TOKEN = 'e2e-tts-webhook-token-0123456789';

if (!existsSync('dist/web/index.html')) {
  throw new Error('The portal is not built: run the e2e project through vitest');
}

describe.skipIf(!browserAvailable)('devices in a browser', () => {
  let portal: PortalProcess | undefined;
  let browser: Browser;
  let url: string;

  const freshPage = async (): Promise<Page> =>
    (await newPortalContext(browser, { width: 1280, height: 900 })).newPage();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  const signIn = (page: Page, email: string) => signInToDemo(page, url, email);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    portal = await startPortalProcess(1, { LORAWAN_TTS_TOKEN: TTS_TOKEN });
    url = portal.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
  });

  it('lets staff register a gateway only heard so far, and shows the sensors it hears', async () => {
    const page = await freshPage();
    await signIn(page, 'staff@demo.example');
    await page.goto(`${url}/admin/gateways`);
    const eui = formatMacLike(DEMO_GATEWAYS.wembley.eui);
    const row = page.getByRole('row').filter({ hasText: eui });
    await row.getByRole('link', { name: 'Register' }).click({ timeout: 30_000 });
    await page.waitForURL(/\/admin\/gateways\/register\?eui=/);
    expect(await page.getByRole('textbox', { name: 'EUI' }).inputValue()).toBe(eui);
    await page.getByRole('textbox', { name: 'Name' }).fill('Wembley hoarding');
    await page.getByLabel('Organisation').fill('Northbank');
    await page.getByRole('option', { name: 'Northbank Plant Hire' }).click({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/gateways\/[0-9a-f-]+\/edit$/, { timeout: 15_000 });
    const heard = page.getByTestId('heard-sensors');
    await heard.waitFor({ timeout: 30_000 });
    expect(await heard.locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'devices-gateway-registered');

    // Now Northbank's own: its list shows it, by the name staff gave it, with its sensors.
    await page.goto(`${url}/gateways`);
    await page.getByRole('cell', { name: 'Wembley hoarding' }).click({ timeout: 30_000 });
    await page.waitForURL(/\/gateways\/[0-9a-f-]+$/);
    await page.getByTestId('heard-sensors').waitFor({ timeout: 30_000 });
    await page.getByTestId('gateway-map').waitFor();
    await shot(page, 'devices-gateway-details');
  });

  it("shows the gateway that went silent as offline in the organisation's list", async () => {
    const page = await freshPage();
    await signIn(page, 'admin@demo.example');
    await page.goto(`${url}/gateways/list`);
    await page.waitForURL(/\/gateways(\?|$)/);
    const cabin = page.getByRole('row').filter({ hasText: DEMO_GATEWAYS.cabin.registered.name });
    await cabin.waitFor({ timeout: 30_000 });
    expect(await cabin.locator('[data-status]').getAttribute('data-status')).toBe('offline');
    await shot(page, 'devices-gateways');
  });

  it('leads an admin from the device health dashboard to the machine with a low battery', async () => {
    const page = await freshPage();
    await signIn(page, 'admin@demo.example');
    await page.getByRole('menuitem', { name: 'Device health' }).click();
    await page.waitForURL(/\/sensors\/dashboard$/);
    const worst = page.getByTestId('worst-devices');
    await worst.waitFor({ timeout: 30_000 });
    const low = worst.locator('tbody tr').filter({ hasText: 'Battery low' });
    await shot(page, 'devices-health');
    const machine = low.getByRole('link');
    const name = (await machine.textContent()) ?? '';
    await machine.click();
    await page.waitForURL(/\/machines\/[0-9a-f-]+/);
    await page.getByRole('heading', { level: 1, name: name.replace(/ \(.*\)$/, '') }).waitFor({
      timeout: 30_000,
    });

    // The count card opens the list filtered to the same sensors.
    await page.goto(`${url}/sensors/dashboard`);
    await page.locator('[data-count="lowBattery"]').click({ timeout: 30_000 });
    await page.waitForURL(/\/sensors\?filter=/);
    await page.locator('[data-battery="low"]').first().waitFor({ timeout: 30_000 });
    // Once the list has settled, it shows batteries and every one is low (read together).
    await expect
      .poll(
        async () => {
          const shown = await page.locator('[data-battery]').count();
          return shown > 0 && shown === (await page.locator('[data-battery="low"]').count());
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await shot(page, 'devices-sensors-low');
  });

  it("lets an admin set a sensor's fuel tank, and take it out of service and back", async () => {
    const page = await freshPage();
    await signIn(page, 'admin@demo.example');
    await page.goto(
      `${url}/sensors?filter=${encodeURIComponent(JSON.stringify({ q: '70B3D5E75E100003' }))}`,
    );
    const row = page.getByRole('row').filter({ hasText: '70B3D5E75E100003' });
    await row.getByRole('button', { name: 'Fuel tank' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add a tank' }).click();
    await dialog.getByLabel('Tank capacity (l)').fill('250');
    await shot(page, 'devices-fuel-tank');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The fuel tank is saved').waitFor({ timeout: 15_000 });

    await row.getByRole('link', { name: 'Out of service' }).click();
    await page.waitForURL(/\/sensor\/off\?sensor=/);
    const card = page.getByTestId('sensor-service');
    await card.getByRole('button', { name: 'Out of service' }).click({ timeout: 30_000 });
    await page.getByText('The sensor is out of service.').waitFor({ timeout: 15_000 });
    await card.locator('[data-status="outOfService"]').waitFor();
    await shot(page, 'devices-sensor-off');
    await card.getByRole('button', { name: 'Back in service' }).click();
    await page.getByText('The sensor is back in service.').waitFor({ timeout: 15_000 });
    expect(await card.locator('[data-status]').getAttribute('data-status')).not.toBe(
      'outOfService',
    );
  });

  it("takes a stock sensor's QR label through sign-in to onboarding, and the machine then reports", async () => {
    const [type, code, claim] = DEMO_UNASSIGNED_DEVICES[1];
    expect(type).toBe('LORA');
    const page = await freshPage();
    await page.goto(`${url}/qr?code=${code}&claim=${claim}`);
    await page.waitForURL(/\/login/);
    await page.getByLabel(/E-mail address/).fill('admin@demo.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The demo admin belongs to two organisations: the choice comes first, then the label's page.
    await page.getByRole('button', { name: /Northbank Plant Hire/ }).click({ timeout: 30_000 });
    await page.waitForURL(/\/machines\/onboard\?sensor=/, { timeout: 30_000 });
    await page.getByTestId('onboard-source').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Claim code on the label' }).inputValue()).toBe(
      claim,
    );
    await page.getByRole('textbox', { name: /^Name/ }).fill('Light tower LT-9');
    await page.getByRole('textbox', { name: 'Asset ID' }).fill('NPH-9901');
    await page.getByRole('button', { name: 'Attach the device' }).click();
    await page.waitForURL(/\/machines\/[0-9a-f-]+/, { timeout: 30_000 });

    // The sensor's first uplink through the network server: the machine reports.
    const now = new Date().toISOString();
    const uplink = await fetch(`${url}/v1/ingest/lorawan/tts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TTS_TOKEN}` },
      body: JSON.stringify({
        end_device_ids: { device_id: 'light-tower', dev_eui: code },
        received_at: now,
        uplink_message: {
          f_port: 1,
          decoded_payload: { activityLevel: 70, batteryV: 3.6 },
          received_at: now,
          rx_metadata: [{ gateway_ids: { eui: DEMO_GATEWAYS.parkRoyal.eui }, rssi: -80, snr: 8 }],
        },
      }),
    });
    expect(uplink.status).toBe(200);
    await page.goto(`${url}/sensors?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByText('Light tower LT-9').waitFor({ timeout: 30_000 });
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('reporting');
    await shot(page, 'devices-onboarded-sensor');
  });

  it('leads staff from the admin home to a silent sensor’s coverage and its uplinks', async () => {
    const page = await freshPage();
    await signIn(page, 'staff@demo.example');
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL(/\/admin$/);
    const silent = page.getByRole('table', { name: 'Silent longest' });
    // The demo's weak sensor, heard only by the Dartford mast, has not been heard for six hours.
    const row = silent.getByRole('row').filter({ hasText: 'LORA' }).first();
    await row.waitFor({ timeout: 30_000 });
    const code = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^[0-9A-F]{16}$/);
    await shot(page, 'admin-home');

    await row.getByRole('link', { name: 'Coverage' }).click();
    await page.waitForURL(/\/admin\/coverage\?searchType=sensor/);
    const links = page.getByRole('table', { name: 'Radio coverage' });
    const dartford = links
      .getByRole('row')
      .filter({ hasText: DEMO_GATEWAYS.dartford.registered.name });
    await dartford.waitFor({ timeout: 30_000 });
    expect(await dartford.textContent()).toMatch(/-11\d dBm/);
    await page.getByTestId('coverage-map').waitFor();
    await shot(page, 'admin-coverage');

    await dartford.getByRole('link', { name: code }).click();
    await page.waitForURL(/\/admin\/arya\?deviceIds=/);
    const delivery = page.getByRole('table', { name: 'Delivery' });
    await delivery.getByRole('row').filter({ hasText: code }).waitFor({ timeout: 30_000 });
    const uplinks = page.getByRole('table', { name: 'LoRaWAN sensors' });
    expect(await uplinks.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await uplinks.locator('tbody tr').first().textContent()).toContain(
      DEMO_GATEWAYS.dartford.registered.name,
    );
    await shot(page, 'admin-uplinks');
  });

  it('opens a machine’s inner workings, recomputes a day and shows the result', async () => {
    const page = await freshPage();
    await signIn(page, 'staff@demo.example');
    await page.goto(`${url}/admin/datacompleteness`);
    const table = page.getByRole('table', { name: 'Data completeness' });
    const first = table.locator('tbody tr').first();
    await first.waitFor({ timeout: 30_000 });
    await shot(page, 'admin-completeness');
    const machine = first.getByRole('link');
    const name = ((await machine.textContent()) ?? '').trim();
    await machine.click();
    await page.waitForURL(/\/admin\/machines\/[0-9a-f-]+/);
    await page.getByRole('link', { name }).first().waitFor({ timeout: 30_000 });
    // The machine's last day with a rollup is open: its records beside its segments and rollup.
    await page.getByTestId('day-rollup').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Recompute' }).last().click();
    const run = page.getByTestId('recompute-run');
    await run.getByText(/^Done: 1 day recomputed/).waitFor({ timeout: 60_000 });
    // What the recompute changed, figure by figure, or that nothing did; and it is in the history.
    await run
      .getByText('Nothing changed.')
      .or(run.getByRole('table', { name: 'Changes' }))
      .waitFor();
    await page
      .getByRole('table', { name: 'History' })
      .getByText(/Recompute of .*: done/)
      .waitFor({ timeout: 30_000 });
    await shot(page, 'admin-machine-workings');
  });
});
