// Lighthouse's accessibility and best-practice audits (issue 40: at least 90) of the machine list,
// a machine's details, the dashboard and the map, at phone size, signed in as the demo admin.
// Lighthouse 12.2.3 (13 wants Node 22) drives the system's Chromium, which Playwright starts with a
// debugging port and signs in first: Lighthouse's tabs share its cookies, so each page resumes the
// session from the refresh cookie as a reload would.
// `npm start` in one terminal, then `npm run bench:lighthouse` (PORTAL_URL to point elsewhere).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const url = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';
const PORT = 9333;
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true, disabled: false };
const TARGET = 90;

const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  viewport: { width: PHONE.width, height: PHONE.height },
  args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${PORT}`],
});
const page = await context.newPage();
await page.goto(`${url}/login`);
await page.getByLabel(/E-mail address/).fill('admin@demo.example');
await page.getByRole('button', { name: 'Continue' }).click();
await page.getByLabel(/Password/).fill('Demo-portal-1');
await page.getByRole('button', { name: 'Sign in' }).click();
const picker = page.getByRole('button', { name: /Northbank Plant Hire/ });
const summary = page.getByTestId('machine-summary');
await Promise.race([picker.waitFor({ timeout: 60_000 }), summary.waitFor({ timeout: 60_000 })]);
if (await picker.isVisible()) await picker.click();
await summary.waitFor({ timeout: 60_000 });
const { machines } = (await (
  await page.request.get(`${url}/v1/portal/machines/list?start=max&end=max&perPage=1`, {
    headers: { authorization: `Bearer ${await token()}` },
  })
).json()) as { machines: { id: string }[] };
const firstMachine = `/machines/${machines[0]?.id ?? ''}`;

/** The page's access token, from a refresh as the portal makes one on reload. */
async function token(): Promise<string> {
  const reply = await page.request.post(`${url}/v1/auth/refresh`);
  return ((await reply.json()) as { token: string }).token;
}

const screens: [string, string][] = [
  ['machine list', '/machines/list'],
  ['machine details', firstMachine],
  ['dashboard', '/dashboard'],
  ['map', '/map'],
];
const rows: string[] = [];
let below = 0;
for (const [name, path] of screens) {
  const result = await lighthouse(`${url}${path}`, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility', 'best-practices'],
    formFactor: 'mobile',
    screenEmulation: PHONE,
    disableStorageReset: true,
  });
  const categories = result?.lhr.categories ?? {};
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const [accessibility, practices] = [score('accessibility'), score('best-practices')];
  if (accessibility < TARGET || practices < TARGET) below++;
  const failing = Object.values(result?.lhr.audits ?? {})
    .filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => audit.id);
  const errors = result?.lhr.audits['errors-in-console']?.details;
  if (errors && 'items' in errors) console.error(name, JSON.stringify(errors.items).slice(0, 600));
  rows.push(
    `| ${name} | \`${path}\` | ${accessibility} | ${practices} | ${failing.join(', ') || '–'} |`,
  );
}
console.log('| screen | path | accessibility | best practices | audits not passed |');
console.log('|---|---|---:|---:|---|');
for (const row of rows) console.log(row);
console.log(below === 0 ? `all at least ${TARGET}` : `${below} screen(s) below ${TARGET}`);
await context.close();
rmSync(profile, { recursive: true, force: true });
