// End to end, equipment assets in Chromium against the real server and its demo: an admin sees
// the three demo trailers on the overview, finds them in the list over a range, opens one where
// its tracker says it stands, reaches it by its label's short link, and fits a spare tracker to a
// new asset. The expected sites come from the demo's itinerary, not the calendar.
// @clock-relative: the cabin's expected site is read at the same instant the page shows it.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNASSIGNED_DEVICES } from '../../server/demo/seed.ts';
import { DEMO_ASSETS, demoSiteAt } from '../../server/telemetry/simulator/demoAssets.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');

if (!existsSync('dist/web/index.html')) {
  throw new Error('The portal is not built: run the e2e project through vitest');
}

describe.skipIf(!browserAvailable)('equipment assets in a browser', () => {
  let portal: PortalProcess | undefined;
  let browser: Browser;
  let url: string;

  const freshPage = async (): Promise<Page> =>
    (await newPortalContext(browser, { width: 1280, height: 900 })).newPage();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    portal = await startPortalProcess(3);
    url = portal.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
  });

  it('shows the demo trailers on the overview, in the list and each in its details', async () => {
    const page = await freshPage();
    await signInToDemo(page, url, 'admin@demo.example');
    await page.goto(`${url}/equipment`);
    await page
      .getByTestId('equipment-count-assets')
      .filter({ hasText: '3' })
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('equipment-map').waitFor();
    await shot(page, 'equipment-overview');

    await page.getByRole('link', { name: 'All assets' }).first().click();
    await page.waitForURL(/\/equipment\/assets\/list/);
    for (const asset of DEMO_ASSETS) {
      await page.getByRole('cell', { name: asset.name }).waitFor({ timeout: 30_000 });
    }
    // Sorted by distance moved, longest first: the URL says so, and keeps it.
    await page.getByRole('button', { name: 'Distance moved' }).click();
    await page.waitForURL(/sortKey=distanceM/);
    await shot(page, 'equipment-list');

    const cabin = DEMO_ASSETS[2];
    if (!cabin) throw new Error('the demo has three assets');
    await page.getByRole('cell', { name: cabin.name }).click();
    await page.waitForURL(/\/equipment\/assets\/details\/[0-9a-f-]+/);
    await page.getByTestId('asset-visits').waitFor({ timeout: 30_000 });
    await page.getByTestId('asset-map').waitFor();
    const expected = demoSiteAt(cabin, Date.now());
    if (expected !== undefined) {
      expect(await page.getByTestId('asset-site').textContent()).toBe(expected ?? 'Off every site');
    }
    await shot(page, 'equipment-details');

    // The label's short link opens the same asset.
    const detailsUrl = new URL(page.url());
    const id = detailsUrl.pathname.split('/').at(-1) ?? '';
    await page.goto(`${url}/asset/${id}`);
    await page.waitForURL(new RegExp(`/equipment/assets/details/${id}`));
    await page
      .getByTestId('asset-name')
      .filter({ hasText: cabin.name })
      .waitFor({ timeout: 30_000 });
  });

  it('fits a spare tracker to a new asset, which then opens', async () => {
    const page = await freshPage();
    await signInToDemo(page, url, 'admin@demo.example');
    const [, code, claim] = DEMO_UNASSIGNED_DEVICES[0];
    await page.goto(`${url}/equipment/assets/onboard?sensor=${code}&claim=${claim}`);
    await page.getByTestId('onboard-source').waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Name' }).fill('Tipping skip trailer');
    await page.getByRole('textbox', { name: 'Asset number' }).fill('NPH-S01');
    await page.getByRole('button', { name: 'Fit the tracker' }).click();
    await page.waitForURL(/\/equipment\/assets\/details\/[0-9a-f-]+/, { timeout: 15_000 });
    await page
      .getByTestId('asset-name')
      .filter({ hasText: 'Tipping skip trailer' })
      .waitFor({ timeout: 30_000 });
    await shot(page, 'equipment-onboarded');

    // The sensors list now names the asset the tracker is on.
    await page.goto(`${url}/sensors?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
    await page.getByRole('link', { name: 'Tipping skip trailer' }).waitFor({ timeout: 30_000 });
  });
});
