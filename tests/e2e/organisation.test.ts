// End to end, an organisation's own settings in Chromium against the real server: an admin uploads
// a logo and colours, the preview and then the whole portal change, a colleague sees them after
// signing in, and Reset brings the defaults back; staff switch a navigation entry off for one
// organisation, whose users then lose its menu item and screen; a user chooses their own time zone
// and the machine's times move to it.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import { zonedInstant } from '../../src/domain/zonedTime.ts';
import { pngOf } from '../support/png.ts';
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

describe.skipIf(!browserAvailable)('organisation settings in a browser', () => {
  let portal: PortalProcess | undefined;
  let browser: Browser;
  let url: string;

  const freshPage = async (): Promise<Page> =>
    (await newPortalContext(browser, { width: 1280, height: 860 })).newPage();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  /** Staff: the organisation's settings screen, its Routes switch set, then saved. */
  async function setRoutesSwitch(page: Page, on: boolean) {
    await page.goto(`${url}/admin/orgs/settings/list`);
    await page.getByRole('cell', { name: 'Northbank Plant Hire' }).click({ timeout: 30_000 });
    const routes = page.getByRole('switch', { name: 'Routes', exact: true });
    await routes.waitFor({ timeout: 30_000 });
    // The form may take its record after the switch shows, undoing an early click: click until
    // the switch holds and Save is on (the switch always changes here), a bounded number of times.
    const save = page.getByRole('button', { name: 'Save' });
    for (let i = 0; i < 40 && !(await save.isEnabled()); i++) {
      if ((await routes.isChecked()) !== on) await routes.click();
      await page.waitForTimeout(250);
    }
    await save.click();
    await page.getByText(/^Settings of Northbank Plant Hire saved/).waitFor({ timeout: 15_000 });
  }

  const signIn = (page: Page, email: string) => signInToDemo(page, url, email);
  const appBarColour = (page: Page) =>
    page
      .locator('header')
      .first()
      .evaluate((bar) => getComputedStyle(bar).backgroundColor);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    portal = await startPortalProcess(1);
    url = portal.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
  });

  it('brands the whole portal for everyone in the organisation, until Reset', async () => {
    const admin = await freshPage();
    await signIn(admin, 'admin@demo.example');
    expect(await appBarColour(admin)).toBe('rgb(33, 45, 64)');
    // The organisation's own area: its machines, its people and its brand, as tabs of one page.
    await admin.getByRole('menuitem', { name: 'Organisation' }).click();
    await admin.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
    expect(new URL(admin.url()).pathname).toBe('/organisation/machines');
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByText('viewer@demo.example').waitFor({ timeout: 30_000 });
    await admin.getByRole('tab', { name: 'Brand' }).click();
    await admin.getByText(/apply to every user of your organisation/).waitFor({ timeout: 30_000 });

    const logoFile = path.join(tmpdir(), `brand-e2e-${process.pid}.png`);
    writeFileSync(logoFile, pngOf(160, 40));
    await admin.getByTestId('brand-logo-input').setInputFiles(logoFile);
    await admin.getByText(path.basename(logoFile)).waitFor();
    await admin.getByRole('textbox', { name: 'Primary background', exact: true }).fill('#7A1F1F');
    await admin.getByRole('textbox', { name: 'Secondary background', exact: true }).fill('#1B5E20');
    const preview = admin.getByTestId('brand-preview-navigation');
    await expect(preview.evaluate((bar) => getComputedStyle(bar).backgroundColor)).resolves.toBe(
      'rgb(122, 31, 31)',
    );
    await shot(admin, '40-brand-preview');

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByText('The brand configuration settings are successfully saved.').waitFor();
    // The portal around the screen changes at once: the app bar, its logo, the buttons.
    await expect(appBarColour(admin)).resolves.toBe('rgb(122, 31, 31)');
    // The app bar slides away while the page is scrolled down to the Save button.
    await admin.evaluate(() => window.scrollTo(0, 0));
    const logo = admin.getByTestId('brand-logo');
    await logo.waitFor();
    await expect(logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).resolves.toBe(
      160,
    );
    await expect(
      admin
        .getByRole('button', { name: 'Reset' })
        .evaluate((button) => getComputedStyle(button).color),
    ).resolves.toBe('rgb(27, 94, 32)');
    await shot(admin, '41-brand-saved');

    // The organisation's own sign-in link wears its brand before anyone signs in.
    const loginLink =
      (await admin.getByTestId('brand-login-link').locator('code').textContent()) ?? '';
    expect(loginLink).toMatch(/\/login\?organisation=[0-9a-f-]{36}$/);
    const visitor = await freshPage();
    await visitor.goto(loginLink);
    await visitor.getByTestId('login-logo').waitFor({ timeout: 30_000 });
    await visitor.getByText('Northbank Plant Hire').waitFor();
    await expect(
      visitor
        .getByTestId('login-logo')
        .evaluate(
          (logo) =>
            getComputedStyle(logo.closest('.MuiCard-root')?.parentElement ?? logo).backgroundColor,
        ),
    ).resolves.toBe('rgb(122, 31, 31)');
    await shot(visitor, '42-brand-login');
    await visitor.context().close();

    const viewer = await freshPage();
    await signIn(viewer, 'viewer@demo.example');
    await expect(appBarColour(viewer)).resolves.toBe('rgb(122, 31, 31)');
    await viewer.getByTestId('brand-logo').waitFor();
    await shot(viewer, '42-brand-colleague-view');
    // The embedded list wears it too.
    await viewer.goto(`${url}/embedded`);
    const header = viewer.getByTestId('embedded-header');
    await header.waitFor({ timeout: 30_000 });
    await viewer.getByTestId('embedded-logo').waitFor();
    await expect(header.evaluate((bar) => getComputedStyle(bar).backgroundColor)).resolves.toBe(
      'rgb(122, 31, 31)',
    );
    await shot(viewer, '42-brand-embedded');
    await viewer.context().close();

    await admin.getByRole('button', { name: 'Reset' }).click();
    await admin.getByText('The brand configuration settings are successfully reset.').waitFor();
    await expect(appBarColour(admin)).resolves.toBe('rgb(33, 45, 64)');
    await expect(admin.getByTestId('brand-logo').count()).resolves.toBe(0);
    await expect(
      admin.getByRole('textbox', { name: 'Primary background', exact: true }).inputValue(),
    ).resolves.toBe('#212d40');
    await admin.context().close();
  });

  it('takes a switched-off entry out of the menu and its screen for that organisation', async () => {
    const staff = await freshPage();
    await signIn(staff, 'staff@demo.example');
    await setRoutesSwitch(staff, false);
    await shot(staff, '43-organisation-settings');

    const admin = await freshPage();
    await signIn(admin, 'admin@demo.example');
    await admin.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    await expect(admin.getByRole('menuitem', { name: 'Routes' }).count()).resolves.toBe(0);
    await admin.goto(`${url}/routes`);
    await admin.getByTestId('not-enabled').waitFor({ timeout: 30_000 });
    await expect(admin.getByText('Not enabled for your organisation').isVisible()).resolves.toBe(
      true,
    );
    await shot(admin, '44-not-enabled');

    await setRoutesSwitch(staff, true);
    await admin.reload();
    await admin.getByRole('menuitem', { name: 'Routes' }).waitFor({ timeout: 30_000 });
    await staff.context().close();
    await admin.context().close();
  });

  it('shows a user’s times in the time zone they choose', async () => {
    const viewer = await freshPage();
    await signIn(viewer, 'viewer@demo.example');
    await viewer.getByRole('row').nth(1).click();
    const lastSeen = viewer
      .getByText('Last seen', { exact: true })
      .locator('xpath=following-sibling::div');
    await lastSeen.waitFor({ timeout: 30_000 });
    const machineUrl = viewer.url();
    const inLondon = (await lastSeen.textContent()) ?? '';

    await viewer.getByRole('button', { name: 'Profile' }).click();
    await viewer.getByRole('menuitem', { name: 'Your settings' }).click();
    const zone = viewer.getByRole('combobox', { name: 'Time zone' });
    await zone.waitFor({ timeout: 30_000 });
    await zone.fill('Asia/Tokyo');
    await viewer.getByRole('option', { name: 'Asia/Tokyo', exact: true }).click();
    await viewer.getByRole('button', { name: 'Save' }).click();
    await viewer.getByText('Your settings are saved.').waitFor();
    await shot(viewer, '45-user-settings');

    await viewer.goto(machineUrl);
    await lastSeen.waitFor({ timeout: 30_000 });
    const inTokyo = (await lastSeen.textContent()) ?? '';
    // The same instant (the demo keeps reporting, so within minutes), another wall clock.
    const instant = (text: string, zoneName: string) => {
      const [, day, month, year, hour, minute] =
        /(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})/.exec(text) ?? [];
      return zonedInstant(`${year}-${month}-${day}`, Number(hour) * 60 + Number(minute), zoneName);
    };
    expect(inTokyo).not.toBe(inLondon);
    const apartMs =
      instant(inTokyo, 'Asia/Tokyo').getTime() - instant(inLondon, 'Europe/London').getTime();
    expect(Math.abs(apartMs)).toBeLessThan(15 * 60_000);
    await viewer.context().close();
  });
  it('sets a shift with a lunch break for the organisation, whose figures are then recomputed', async () => {
    const admin = await freshPage();
    await signIn(admin, 'admin@demo.example');
    await admin.getByRole('menuitem', { name: 'Shifts' }).click();
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel(/Name/).fill('Day shift with lunch');
    await admin.getByRole('switch', { name: /default shift/ }).check();
    // Monday's hours: 07:00 to 17:00 with a break from 12:00 to 12:30.
    const monday = admin.getByRole('listitem').first();
    await monday.getByLabel('End').first().fill('17:00');
    await monday.getByRole('button', { name: /Add/ }).click();
    await monday.getByLabel('Start').nth(1).fill('12:00');
    await monday.getByLabel('End').nth(1).fill('12:30');
    await shot(admin, '46-shift-form');
    await admin.getByRole('button', { name: 'Save' }).click();

    const row = admin.getByRole('row', { name: /Day shift with lunch/ });
    await row.waitFor({ timeout: 30_000 });
    await expect(row.textContent()).resolves.toMatch(/Everywhere else.*07:00–17:00 \(1 break\)/);
    // The list looks again while the machines' days are recomputed, until they are done.
    await row.getByText('Up to date').waitFor({ timeout: 120_000 });
    await shot(admin, '47-shifts');
    await admin.context().close();
  });
  it('keeps data for the periods an admin sets, exports it, and erases positions with a receipt', async () => {
    const admin = await freshPage();
    await signIn(admin, 'admin@demo.example');
    await admin.goto(`${url}/organisation/privacy`);
    const records = admin.getByLabel('Raw records (days)');
    await records.fill('400');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Retention saved.').waitFor({ timeout: 15_000 });
    await admin.reload();
    await expect(admin.getByLabel('Raw records (days)').inputValue()).resolves.toBe('400');

    // The export runs in the background; its row shows the link once it is done.
    await admin.getByRole('button', { name: 'Export', exact: true }).click();
    const download = admin.getByTestId('exports').getByRole('link', { name: /Download/ });
    await download.waitFor({ timeout: 60_000 });
    const zip = await admin.request.get(`${url}${(await download.getAttribute('href')) ?? ''}`);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');

    // Today's positions of one machine, erased after a confirmation, with a signed receipt.
    await admin.getByRole('combobox', { name: 'Machine' }).click();
    await admin.getByRole('option').first().click();
    await admin.getByRole('button', { name: 'Erase positions' }).click();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    const row = admin.getByTestId('erasure-row').first();
    await row.getByRole('button', { name: 'Receipt' }).click({ timeout: 60_000 });
    await expect(admin.getByTestId('receipt').textContent()).resolves.toMatch(
      /"kind": "erase-positions"[\s\S]*"signature": "ey/,
    );
    await shot(admin, '48-privacy');
    await admin.context().close();
  });
});
