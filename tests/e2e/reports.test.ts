// End to end, reports, documents and alerts in Chromium against the real server and its demo: an
// admin makes a fleet utilisation file of the machines on hire from the machine list, watches it
// made, downloads it and finds the machines the list has; uploads a manual to a machine and
// downloads it back; schedules a daily report, runs it now and opens the link its mail carries;
// and sees the alert a breakdown raises in the app bar, the alert list and the mail.
// @clock-relative: reads the clock for waits and deadlines only, never a date or hour.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/csv.ts';
import { mailText, startSmtpServer, waitForMailLink } from '../support/smtpServer.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');
const FILTER = 'hiredStatus:ON_HIRE';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const FOREMAN = 'foreman@site.example';

if (!existsSync('dist/web/index.html')) {
  throw new Error('The portal is not built: run the e2e project through vitest');
}

describe.skipIf(!browserAvailable)('reports and documents in a browser', () => {
  let portal: PortalProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let browser: Browser;
  let url: string;
  let token: string;

  const freshPage = async (): Promise<Page> =>
    (await newPortalContext(browser, { width: 1280, height: 900 })).newPage();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const api = async <T>(pathAndQuery: string) =>
    (await (
      await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as T;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    smtp = await startSmtpServer();
    // Every report file goes as a link, and alerts are mailed as soon as they are raised.
    portal = await startPortalProcess(2, {
      SMTP_URL: smtp.url,
      REPORT_ATTACHMENT_MAX_BYTES: '0',
      ALERT_BATCH_S: '0',
      ALERT_POLL_MS: '1000',
    });
    url = portal.url;
    browser = await launchChromium();
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    token = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
    await smtp?.close();
  });

  it('makes a report file, shows its progress and downloads the machines the list has', async () => {
    const page = await freshPage();
    await signInToDemo(page, url, 'admin@demo.example');
    // From the machine list's own button, with its filter: the machines on hire.
    await page.goto(`${url}/machines?filter=${encodeURIComponent(FILTER)}`);
    await page.getByRole('link', { name: 'New report file' }).click();
    await page.waitForURL(/\/create-reports-file\?filter=hiredStatus/);
    await page.getByText('1 machine list filter').waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'CSV' }).check();
    // The pickers show the user's dd-MM-yyyy; the API takes yyyy-MM-dd.
    const day = async (label: string) =>
      (await page.getByRole('group', { name: label, exact: true }).locator('input').inputValue())
        .split('-')
        .reverse()
        .join('-');
    const start = await day('From');
    const end = await day('To');
    await page.getByRole('button', { name: 'Create file' }).click();
    await page.getByText('The file is ready.').waitFor({ timeout: 60_000 });
    await shot(page, 'report-file-ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(rows[0]).toEqual(['Machines']);
    const names = rows
      .slice(2, rows.findIndex((row) => row[0] === 'Categories') - 1)
      .map((row) => row[0]);
    const list = await api<{ machines: { name: string; type: string | null }[] }>(
      `/v1/portal/machines/list?start=${start}&end=${end}&filter=${encodeURIComponent(FILTER)}`,
    );
    expect(names.sort()).toEqual(list.machines.map((m) => m.name).sort());
    expect(names.length).toBeGreaterThan(0);

    // The file is in the user's files too.
    await page.getByRole('link', { name: 'My report files' }).click();
    await page.waitForURL(/showFilesTab=reports/);
    await page.getByText('Fleet utilisation').first().waitFor({ timeout: 30_000 });
    await shot(page, 'report-files');
  });

  it('uploads a manual to a machine and downloads it back', async () => {
    const page = await freshPage();
    await signInToDemo(page, url, 'admin@demo.example');
    const list = await api<{ machines: { id: string; name: string; assetID: string | null }[] }>(
      '/v1/portal/machines/list?start=max&end=max&sort=name&perPage=1',
    );
    const machine = list.machines[0];
    if (!machine) throw new Error('the demo has machines');
    const folder = mkdtempSync(path.join(tmpdir(), 'e2e-document-'));
    const manual = path.join(folder, 'Operator manual.pdf');
    writeFileSync(manual, PDF);

    await page.goto(`${url}/files`);
    await page.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Choose a file').setInputFiles(manual);
    await dialog.getByRole('combobox', { name: 'On' }).click();
    await page.getByRole('option', { name: 'A machine' }).click();
    await dialog.getByRole('combobox', { name: 'Machine', exact: true }).fill(machine.name);
    const label = machine.assetID ? `${machine.name} (${machine.assetID})` : machine.name;
    await page.getByRole('option', { name: label, exact: true }).click();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const cell = page.getByRole('cell', { name: 'Operator manual.pdf' });
    await cell.waitFor({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ has: cell });
    await row.getByText(machine.name).waitFor();
    await shot(page, 'documents');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(readFileSync(await download.path()).equals(PDF)).toBe(true);
  });

  it('schedules a daily report, runs it now, and the mail links to the file', async () => {
    const page = await freshPage();
    await signInToDemo(page, url, 'admin@demo.example');
    await page.goto(`${url}/reports`);
    await page.getByRole('button', { name: 'New scheduled report' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Morning utilisation for the foreman');
    await dialog.getByLabel('Other addresses').fill(FOREMAN);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Morning utilisation for the foreman' });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Run now' }).click();
    const link = await waitForMailLink(
      smtp?.received ?? [],
      FOREMAN,
      '/v1/reports/download',
      120_000,
    );
    expect(link.origin).toBe(url);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.reload();
    await row.getByText('Sent').waitFor({ timeout: 30_000 });
    await shot(page, 'scheduled-report-sent');
  });

  it('shows the alert a breakdown raises in the app bar and the list, and mails it', async () => {
    const list = await api<{ machines: { id: string; name: string; breakdown: boolean }[] }>(
      '/v1/portal/machines/list?start=max&end=max',
    );
    const machine = list.machines.find((m) => !m.breakdown);
    if (!machine) throw new Error('the demo has working machines');
    const flagged = await fetch(`${url}/v1/portal/machines/${machine.id}/breakdown`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ breakdown: true, note: 'Hydraulic hose burst' }),
    });
    expect(flagged.status).toBe(200);

    const page = await freshPage();
    await signInToDemo(page, url, 'admin@demo.example');
    const alerts = page.getByRole('link', { name: /new alerts?$/ });
    await alerts.waitFor({ timeout: 30_000 });
    await alerts.click();
    await page.waitForURL(/\/alerts/);
    // The alert is raised once the engine has computed the breakdown's days.
    const row = page.getByRole('row').filter({ hasText: 'Hydraulic hose burst' });
    for (let tries = 0; tries < 30 && !(await row.isVisible()); tries++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await row.getByText('Machine broken down').waitFor({ timeout: 10_000 });
    await row.getByText(machine.name).waitFor();
    await shot(page, 'alerts');
    await page.getByRole('link', { name: '0 new alerts' }).waitFor({ timeout: 10_000 });

    const deadline = Date.now() + 60_000;
    const mailed = () =>
      (smtp?.received ?? []).find(
        (mail) =>
          mail.to.some((to) => to.includes('admin@demo.example')) &&
          mailText(mail).includes(`${machine.name}: marked broken down`),
      );
    while (!mailed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const mail = mailed();
    expect(mail && mailText(mail)).toContain('Hydraulic hose burst');
    expect(mail && mailText(mail)).toContain(`${url}/alerts`);
  });
});
