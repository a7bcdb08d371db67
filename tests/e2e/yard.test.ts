// End to end, yard work from a phone in Chromium against the real server and its demo (issue 44):
// a fake camera showing a printed device label opens the label's machine from the Scan button; at
// phone size a meter reading with a photo of the dial made without a signal is kept on the phone
// and sent once when the signal comes back, and a lower reading is refused with the current one;
// and the yard records a hire's on-hire and off-hire checks with photos and a signature, and sees
// the differences on the hire and in its PDF.
// @clock-relative: readings and checks are dated now, the demo's hires around the clock.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckTemplate, HireCheck } from '../../src/domain/api/checks.ts';
import type { Hire } from '../../src/domain/api/hires.ts';
import type { MeterReply } from '../../src/domain/api/meters.ts';
import type { QrTargetReply } from '../../src/domain/api/sensors.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import { callAs, tokenOf } from '../support/browserWalk.ts';
import { writeLabelVideo } from '../support/fakeCamera.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');
const ADMIN = 'admin@demo.example';
/** A Northbank tracker on one of its machines, as its printed label reads. */
const DEVICE = '357309051000001';
const PHONE = { width: 390, height: 844 };
/** A 1×1 PNG: a photo of a dial or a machine. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PHOTO });

if (!existsSync('dist/web/index.html')) {
  throw new Error('The portal is not built: run the e2e project through vitest');
}

describe.skipIf(!browserAvailable)('yard work from a phone in a browser', () => {
  let portal: PortalProcess | undefined;
  let browser: Browser;
  let url: string;
  let token: string;

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    portal = await startPortalProcess(1);
    url = portal.url;
    token = await tokenOf(url, ADMIN);
    // The camera films the device's label as staff print it: a QR code of the portal's /qr link.
    const staff = await tokenOf(url, 'staff@demo.example');
    const sheet = await fetch(`${url}/v1/admin/sensors/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ codes: [DEVICE] }),
    });
    expect(sheet.status).toBe(200);
    const video = path.join(mkdtempSync(path.join(tmpdir(), 'fleet-camera-')), 'label.y4m');
    writeLabelVideo(video, Buffer.from(await sheet.arrayBuffer()));
    browser = await launchChromium([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
  });

  it("scans a printed label with the camera and opens the label's machine", async () => {
    const target = await callAs<QrTargetReply>(url, token, `/v1/portal/qr/${DEVICE}`);
    expect(target.target).toBe('machine');
    const context = await newPortalContext(browser, PHONE);
    await context.grantPermissions(['camera'], { origin: url });
    const page = await context.newPage();
    await signInToDemo(page, url, ADMIN);
    // The label is read as soon as the camera shows it: the dialog may be gone at once.
    await page.getByTestId('scan-button').click();
    await page.waitForURL(`${url}/machines/${target.machineId}`, { timeout: 30_000 });
    await page.getByTestId('machine-meter').waitFor();
    await shot(page, 'yard-scanned-machine');
    // A code typed from the label leads to the same place.
    await page.getByTestId('scan-button').click();
    await page.getByLabel('Code on the label').fill(DEVICE);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(`${url}/machines/${target.machineId}`);
    await context.close();
  });

  it('keeps a meter reading with a photo made offline and sends it once when back online', async () => {
    const { machineId } = await callAs<QrTargetReply>(url, token, `/v1/portal/qr/${DEVICE}`);
    const meterPath = `/v1/portal/machines/${machineId}/meter-readings`;
    const before = await callAs<MeterReply>(url, token, meterPath);
    const current = Math.max(0, ...before.readings.map((reading) => reading.valueH));
    const reading = Math.floor(current) + 17;
    const context = await newPortalContext(browser, PHONE, { serviceWorker: true });
    const page = await context.newPage();
    await signInToDemo(page, url, ADMIN);
    await page.goto(`${url}/machines/${machineId}`);
    const meterCard = page.getByTestId('machine-meter');
    await meterCard.getByRole('textbox', { name: 'Reading (h)' }).waitFor();

    await context.setOffline(true);
    await page.locator('[data-testid=connectivity][aria-label=Offline]').waitFor();
    await meterCard.getByRole('textbox', { name: 'Reading (h)' }).fill(String(reading));
    await meterCard.getByTestId('meter-photo').setInputFiles(photo('dial.png'));
    await meterCard.getByRole('button', { name: 'Add reading' }).click();
    await page.getByText(/Saved on this phone/).waitFor();
    // A phone's app bar slides away as the page scrolls down to the meter, and back at the top.
    const openOutbox = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('outbox-button').click();
    };
    await openOutbox();
    await page.getByTestId('outbox-queued').waitFor();
    await shot(page, 'yard-outbox-offline');
    await page.getByRole('button', { name: 'Close' }).click();
    const sentNow = await callAs<MeterReply>(url, token, meterPath);
    expect(sentNow.readings.filter((r) => r.valueH === reading)).toHaveLength(0);

    await context.setOffline(false);
    await page.getByText(/Meter reading, .*: sent/).waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => {
        const after = await callAs<MeterReply>(url, token, meterPath);
        return after.readings.filter((r) => r.valueH === reading).map((r) => r.fileId !== null);
      })
      .toEqual([true]);
    await expect
      .poll(() => meterCard.getByTestId('meter-now').textContent())
      .toContain(reading.toLocaleString('en'));
    // Sent once: a later pass of the outbox sends nothing again.
    await openOutbox();
    await page.getByRole('button', { name: 'Send now' }).isDisabled();
    await page.getByRole('button', { name: 'Close' }).click();
    const once = await callAs<MeterReply>(url, token, meterPath);
    expect(once.readings.filter((r) => r.valueH === reading)).toHaveLength(1);

    // A reading below the meter's is refused with the meter's current value.
    await meterCard.getByRole('textbox', { name: 'Reading (h)' }).fill(String(reading - 5));
    await meterCard.getByRole('button', { name: 'Add reading' }).click();
    await page.getByText(new RegExp(`below the meter's current reading of ${reading} h`)).waitFor();
    await shot(page, 'yard-meter-refused');
    await context.close();
  });

  it('records on-hire and off-hire checks with photos and a signature, and shows the differences', async () => {
    const hires = await callAs<Hire[]>(
      url,
      token,
      `/v1/portal/hires?range=${encodeURIComponent('[0,99]')}`,
    );
    let hire: Hire | undefined;
    for (const candidate of hires) {
      const done = await callAs<HireCheck[]>(url, token, `/v1/portal/hires/${candidate.id}/checks`);
      if (
        done.length === 0 &&
        candidate.status === 'onHire' &&
        candidate.rentalOrganisation === 'Northbank Plant Hire'
      ) {
        hire = candidate;
        break;
      }
    }
    if (!hire) throw new Error('the demo has no running hire without checks');
    const template = await callAs<CheckTemplate>(
      url,
      token,
      `/v1/portal/hires/${hire.id}/checks/template`,
    );
    const context = await newPortalContext(browser, PHONE);
    const page = await context.newPage();
    await signInToDemo(page, url, ADMIN);
    await page.goto(`${url}/hires/${hire.id}/show`);
    const card = page.getByTestId('hire-checks');

    const record = async (
      kind: 'on-hire' | 'off-hire',
      fuel: number,
      meter: number,
      yes: boolean,
      damage: string,
      photos: string[],
      signer: string,
    ) => {
      await card.getByRole('button', { name: `Record ${kind} check` }).click();
      const form = page.getByTestId('check-form');
      for (const item of template.items) {
        if (item.kind === 'fuelLevel')
          await form.getByLabel(`${item.label} (%)`).fill(String(fuel));
        if (item.kind === 'hourMeter')
          await form.getByLabel(`${item.label} (h)`).fill(String(meter));
        if (item.kind === 'present' || item.kind === 'clean') {
          await form
            .getByRole('group', { name: item.label })
            .getByRole('button', { name: yes ? 'Yes' : 'No' })
            .click();
        }
        if (item.kind === 'damage') await form.getByLabel(item.label).fill(damage);
      }
      await form.getByTestId('check-photos').setInputFiles(photos.map(photo));
      const pad = form.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (!box) throw new Error('no signature pad');
      await page.mouse.move(box.x + 20, box.y + 40);
      await page.mouse.down();
      for (let x = 20; x < Math.min(300, box.width - 20); x += 10) {
        await page.mouse.move(box.x + x, box.y + 40 + 20 * Math.sin(x / 15));
      }
      await page.mouse.up();
      await form.getByLabel('Name of who signs').fill(signer);
      await page.getByRole('button', { name: 'Record check' }).click();
      const notice = page.getByText('Check recorded');
      await notice.waitFor();
      // The notice covers the foot of a phone's screen until it goes; the pointer off it lets it.
      await page.mouse.move(5, 5);
      await notice.waitFor({ state: 'hidden' });
    };

    await record('on-hire', 90, 1200, true, '', ['front.png', 'side.png'], 'Sam Porter');
    await card.getByTestId('check-onHire').waitFor();
    await expect.poll(() => card.getByTestId('check-photo').count()).toBe(2);
    await record('off-hire', 40, 1262.5, false, 'Cracked mirror', ['mirror.png'], 'Dana Fisher');
    const differences = card.getByTestId('check-differences');
    await differences.waitFor();
    await expect.poll(() => differences.textContent()).toContain('Cracked mirror');
    expect(await differences.textContent()).toContain('50 %');
    expect(await differences.textContent()).toContain('62.5 h');
    await expect.poll(() => card.getByTestId('check-photo').count()).toBe(3);
    await shot(page, 'yard-check-differences');

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Hire sheet (PDF)' }).click();
    const file = await (await download).path();
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    for (const words of [
      'On-hire check',
      'Off-hire check',
      'Signed by Sam Porter',
      'Signed by Dana Fisher',
      'Differences for billing',
      'Cracked mirror',
      '62.5 h',
    ]) {
      expect(text).toContain(words);
    }
    expect(readFileSync(file).subarray(0, 4).toString()).toBe('%PDF');
    await context.close();
  });
});
