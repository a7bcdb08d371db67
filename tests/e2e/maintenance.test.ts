// End to end, maintenance in Chromium against the real server and its demo (issue 42): the rental
// admin creates a service plan template for a category, sees its machines due soon, records a
// service with a photo and sees the next due move and the history; the demo's overdue thorough
// examination marks its scissor lift not to be used and refuses a new hire until an override
// gives a reason; a customer sees the status of the machines on hire to it; and the
// examination's alert reaches the bell and the mail.
// @clock-relative: services are dated now, and the demo's history is stamped around the clock.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hire } from '../../src/domain/api/hires.ts';
import type { MaintenanceRow, ServicePlan } from '../../src/domain/api/maintenance.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import { callAs, tokenOf } from '../support/browserWalk.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';
import { mailText, startSmtpServer } from '../support/smtpServer.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');
const ADMIN = 'admin@demo.example';
const TASK = 'Hydraulic hose check';
const EXAMINATION = 'Thorough examination (LOLER)';
/** A 1×1 PNG: the photo of the work done. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

if (!existsSync('dist/web/index.html')) {
  throw new Error('The portal is not built: run the e2e project through vitest');
}

describe.skipIf(!browserAvailable)('maintenance in a browser', () => {
  let portal: PortalProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let browser: Browser;
  let url: string;
  let token: string;

  const freshPage = async (): Promise<Page> =>
    (await newPortalContext(browser, { width: 1280, height: 900 })).newPage();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const list = (filter: object) =>
    callAs<MaintenanceRow[]>(
      url,
      token,
      `/v1/portal/maintenance?range=${encodeURIComponent('[0,499]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    smtp = await startSmtpServer();
    // Alerts are worked out each second and mailed as soon as they are raised.
    portal = await startPortalProcess(1, {
      SMTP_URL: smtp.url,
      ALERT_BATCH_S: '0',
      ALERT_POLL_MS: '1000',
    });
    url = portal.url;
    token = await tokenOf(url, ADMIN);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
    await smtp?.close();
  });

  it('creates a template for a category, records a due service with a photo, and moves its next due', async () => {
    const page = await freshPage();
    await signInToDemo(page, url, ADMIN);
    await page.goto(`${url}/maintenance/plans/create`);
    await page.getByRole('textbox', { name: 'Task' }).fill(TASK);
    await page.getByRole('textbox', { name: 'Every … engine hours' }).fill('400');
    // Due soon across all but the interval's last hour: a dumper not serviced yet is due soon, one
    // just serviced is not.
    await page.getByRole('textbox', { name: 'Due soon within (hours)' }).fill('399');
    await page.getByRole('combobox', { name: 'Machine categories' }).click();
    await page.getByRole('option', { name: 'Dumper' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/maintenance\/plans$/, { timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: TASK }).getByText('Categories: Dumper').waitFor();
    const plans = await callAs<ServicePlan[]>(url, token, '/v1/portal/service-plans');
    const plan = plans.find((p) => p.name === TASK);
    expect(plan).toMatchObject({ intervalH: 400, dueSoonH: 399, categories: ['Dumper'] });
    expect(plan?.machineCount).toBeGreaterThan(0);

    await page.goto(`${url}/maintenance?filter=${encodeURIComponent(JSON.stringify({ q: TASK }))}`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(plan?.machineCount);
    const first = rows.first();
    await first.getByText('Due soon').waitFor();
    const href = (await first.getByRole('link').first().getAttribute('href')) ?? '';
    const machineId = /\/machines\/([0-9a-f-]+)/.exec(href)?.[1] ?? '';
    const [before] = await list({ planId: [plan?.id], machineId: [machineId] });
    expect(before).toMatchObject({ status: 'dueSoon', lastDoneDay: null });
    await shot(page, 'maintenance-due-soon');

    await first.getByRole('button', { name: 'Record service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('service-files').setInputFiles({
      name: 'hoses.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await dialog.getByText('hoses.png').waitFor();
    await dialog.getByRole('textbox', { name: 'Done by' }).fill('Yard fitter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Service recorded/).waitFor();

    // The next due moves on from the service's meter reading, and the task is ok again.
    const [after] = await list({ planId: [plan?.id], machineId: [machineId] });
    expect(after?.status).toBe('ok');
    expect(after?.lastDoneMeterH).not.toBeNull();
    expect(after?.nextDueMeterH).toBeCloseTo((after?.lastDoneMeterH ?? 0) + 400, 5);
    expect(after?.nextDueMeterH ?? 0).toBeGreaterThan(before?.nextDueMeterH ?? Infinity);
    const serviced = page.locator('tbody tr', { has: page.locator(`a[href$="${machineId}"]`) });
    await serviced.getByText('OK', { exact: true }).waitFor();

    // The machine's Service card: the task ok, and the service in its history with the photo.
    await page.goto(`${url}/machines/${machineId}`);
    const card = page.getByTestId('machine-service');
    await card
      .getByTestId('machine-tasks')
      .locator(`tr[data-task="${TASK}"]`)
      .getByText('OK')
      .waitFor();
    await card.getByRole('tab', { name: 'History' }).click();
    const line = card.getByTestId('service-history').locator('tr').filter({ hasText: TASK });
    await line.getByText('Yard fitter').waitFor();
    await line.getByRole('button', { name: 'hoses.png' }).waitFor();
    await card.getByRole('tab', { name: 'Hour meter chart' }).click();
    await card.getByTestId('meter-chart').waitFor();
    await shot(page, 'maintenance-history');
  });

  it('marks the machine of an overdue thorough examination not to be used, and refuses its hire until overridden', async () => {
    const [overdue] = await list({ status: ['overdue'], safetyCritical: true });
    expect(overdue?.task).toBe(EXAMINATION);
    const machineId = overdue?.machineId ?? '';
    // Its booked hire goes: the new one runs open-ended from now.
    const booked = await callAs<Hire[]>(
      url,
      token,
      `/v1/portal/hires?filter=${encodeURIComponent(JSON.stringify({ machineId, status: 'future' }))}`,
    );
    for (const hire of booked) {
      const cancelled = await fetch(`${url}/v1/portal/hires/${hire.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cancelled.status).toBe(204);
    }

    const page = await freshPage();
    await signInToDemo(page, url, ADMIN);
    await page.goto(`${url}/machines/${machineId}`);
    await page
      .getByTestId('not-to-be-used-badge')
      .getByText(`Not to be used: ${EXAMINATION} is overdue`)
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('machine-hires').getByRole('link', { name: 'Put on hire' }).click();
    await page.waitForURL(/\/hires\/create\?machineId=/);
    await page.getByRole('textbox', { name: 'Contract', exact: true }).fill('NPH-LOLER-1');
    await page
      .getByRole('textbox', { name: 'Customer not on the portal' })
      .fill('Riverside Builders');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(new RegExp(EXAMINATION.replace(/[()]/g, '\\$&')))
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/hires\/create/);
    await shot(page, 'maintenance-hire-refused');

    await page
      .getByRole('textbox', { name: /inspection is overdue/ })
      .fill('Examined on site today, certificate to follow');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/hires\/[0-9a-f-]+\/show/, { timeout: 30_000 });
    await page.getByText('On hire', { exact: true }).first().waitFor();
    const audit = await callAs<{ action: string; details: unknown }[]>(
      url,
      token,
      `/v1/organisation/audit?range=${encodeURIComponent('[0,49]')}`,
    );
    expect(JSON.stringify(audit)).toContain('Examined on site today');
  });

  it('shows a customer the service status of the machines on hire to it, with nothing to record', async () => {
    const customer = 'harrow@demo.example';
    const rows = await callAs<MaintenanceRow[]>(
      url,
      await tokenOf(url, customer),
      `/v1/portal/maintenance?range=${encodeURIComponent('[0,99]')}`,
    );
    // The demo hires Northbank's machines to Harrow now; their owner's plans cover them.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.site === null && !row.own)).toBe(true);
    const [first] = rows;
    const page = await freshPage();
    await signInToDemo(page, url, customer);
    await page.goto(`${url}/maintenance`);
    const row = page
      .locator('tbody tr')
      .filter({ hasText: first?.machineName ?? '' })
      .first();
    await row.getByText(first?.task ?? '').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Record service' }).count()).toBe(0);
    await page.goto(`${url}/machines/${first?.machineId ?? ''}`);
    const card = page.getByTestId('machine-service');
    await card
      .getByTestId('machine-tasks')
      .locator(`tr[data-task="${first?.task ?? ''}"]`)
      .waitFor({ timeout: 30_000 });
    expect(await card.getByRole('button', { name: 'Record service' }).count()).toBe(0);
    await shot(page, 'maintenance-customer');
  });

  it('brings the overdue examination to the bell and the mail', async () => {
    const [overdue] = await list({ status: ['overdue'], safetyCritical: true });
    const overdueMachine = overdue?.machineName ?? '';
    const page = await freshPage();
    await signInToDemo(page, url, ADMIN);
    await page.getByRole('link', { name: /new alerts?$/ }).click();
    await page.waitForURL(/\/alerts/);
    // Among the demo's alerts, the safety ones.
    await page.goto(`${url}/alerts?filter=${encodeURIComponent('{"type":"safetyOverdue"}')}`);
    const row = page.getByRole('row').filter({ hasText: 'Safety inspection overdue' });
    // The alert worker raises it on its first pass after the demo's history is in.
    const shown = () =>
      row
        .first()
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
    for (let tries = 0; tries < 12 && !(await shown()); tries++) await page.reload();
    await row.first().getByText(overdueMachine).waitFor({ timeout: 10_000 });
    await shot(page, 'maintenance-alerts');

    const mailed = () =>
      (smtp?.received ?? []).find(
        (mail) =>
          mail.to.some((to) => to.includes(ADMIN)) &&
          mailText(mail).includes(`${EXAMINATION} overdue, not to be used`),
      );
    await expect.poll(mailed, { timeout: 60_000 }).toBeTruthy();
  });
});
