// Every screen's spec URL (spec point 2) with its parameters alone, together and wrong, opened in
// Chromium on the real portal: none may reach the error screen, log an error in the console, throw,
// or make the server answer 5xx.
// @clock-relative: reads the clock for waits and deadlines only, never a date or hour.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import { demoIds, settler, tokenOf } from '../support/browserWalk.ts';
import {
  newPortalContext,
  signInToDemo,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** What every range screen is given: the spec's own forms, then broken ones. */
const RANGES = [
  '',
  'startDate=max',
  'endDate=max',
  'startDate=max&endDate=2026-11-01',
  'startDate=2026-11-10',
  'startDate=2026-11-10&endDate=2026-11-01',
  'startDate=2026-02-30&endDate=soon',
  'startDate=yesterday',
  'filter=garbage',
  'filter=site:unknown|hiredStatus:ON_HIRE',
  'startDate=1900-01-01&endDate=2999-12-31',
];

describe.skipIf(!browserAvailable)("the spec's URLs in a browser", () => {
  let portal: PortalProcess;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  let settle: () => Promise<void>;
  let machineId = '';
  let siteId = '';

  beforeAll(async () => {
    portal = await startPortalProcess(2);
    // The first machine and site of the demo admin's organisation.
    const ids = await demoIds(portal.url, await tokenOf(portal.url, 'admin@demo.example'));
    machineId = ids.machine;
    siteId = ids.site;

    browser = await launchChromium();
    const context = await newPortalContext(browser, { width: 1280, height: 800 });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught ${error.message}`));
    page.on('console', (message) => {
      // A refused call (400, 404) is the browser's own line, not the portal's: 5xx are caught below.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(`${page.url()}: console ${message.text()}`);
    });
    settle = settler(page);
    page.on('response', (response) => {
      if (response.status() >= 500)
        problems.push(`${page.url()}: ${response.status()} from ${response.url()}`);
    });
    await page.goto(`${portal.url}/login`);
    await page.getByLabel(/E-mail address/).fill('admin@demo.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/Password/).fill('Demo-portal-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The demo admin belongs to two organisations: /login-selection asks which.
    await page.getByRole('button', { name: /Northbank Plant Hire/ }).click({ timeout: 60_000 });
    await page.getByTestId('machine-summary').waitFor({ timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
  });

  const visit = async (path: string) => {
    await page.goto(`${portal.url}${path}`);
    await page.waitForLoadState('load');
    await settle();
    const speedBump = await page.getByText('We have hit a speed bump!').count();
    if (speedBump > 0) problems.push(`${path}: the error screen`);
  };

  const walk = async (paths: string[]) => {
    problems.length = 0;
    for (const path of paths) await visit(path);
    expect(problems).toEqual([]);
  };

  const withRanges = (base: string, extra: string[] = []) =>
    [...RANGES, ...extra].map((query) => (query ? `${base}?${query}` : base));

  it('the machine list', async () => {
    await walk([
      ...withRanges('/machines/list', [
        'sortKey=colour',
        'show=never&order=sideways&page=-3',
        'sortKey=activeHours&order=DESC&page=999&q=%25%27%22<b>',
      ]),
      '/machines?startDate=max',
    ]);
  });

  it("a machine's details, a foreign or unknown id, and the way back", async () => {
    await walk([
      ...withRanges(`/machines/${machineId}`, [
        'selectedDate=2026-02-30&selectedSegment=x&activityView=grid',
        'ref=dashboard',
        'ref=nowhere&url=https://evil.example/',
        'url=/map%3FstartDate%3Dmax&ref=map&activityView=table&selectedSegment=999',
      ]),
      `/machines/${UNKNOWN_ID}`,
      '/machines/not-an-id?startDate=max',
      '/machines/onboard?sensor=unknown&claim=NOPE',
    ]);
  });

  it('the dashboard and the maps', async () => {
    await walk([
      ...withRanges('/dashboard'),
      ...withRanges('/map', ['countries=Atlantis', 'countries=France,826']),
      ...withRanges('/heatmap', ['kind=colour', `machineId=${UNKNOWN_ID}`, 'kind=speed']),
      ...withRanges('/routes', [
        `machineId=${UNKNOWN_ID}`,
        `machineId=${machineId}&usestops=maybe&experimental=yes`,
      ]),
    ]);
  });

  it('the sites', async () => {
    await walk([
      ...withRanges('/sites/portal'),
      ...withRanges('/overview/sites'),
      `/overview/sites/${siteId}?startDate=max`,
      `/overview/sites/${UNKNOWN_ID}`,
      `/overview/activity-timeline/${siteId}?date=2026-02-30`,
      `/overview/activity-timeline/${UNKNOWN_ID}?date=soon`,
      `/geofences?siteId=${UNKNOWN_ID}`,
      `/portal/sites/create?siteId=${UNKNOWN_ID}`,
      '/portal/sites/create?siteId=not-an-id',
      '/not-found',
      '/no/such/screen?startDate=max',
    ]);
  });

  it('the people and the account pages', async () => {
    await walk([
      '/users',
      '/users/list?filter=%7B%22role%22%3A%22owner%22%7D&sort=%5B%22password%22%5D&page=-1',
      `/users/${UNKNOWN_ID}`,
      '/users/not-an-id',
      '/portal/users',
      '/portal/users/list?perPage=100000',
      `/portal/users?userId=${UNKNOWN_ID}`,
      '/portal/multiple/users',
      '/login-selection',
      '/rsvp',
      '/rsvp?token=short',
      '/rsvp?token=no-such-invitation-token-0123456789',
      '/forgot-password?email=%3Cb%3E',
      '/forgot-password/success',
      '/forgot-password/reset',
      '/forgot-password/reset?code=no-such-reset-code-0123456789',
      '/register?token=x',
      '/unsubscribe',
      '/unsubscribe?userToken=no-such-token-0123456789&emailType=everything',
      '/unsubscribe?userToken=no-such-token-0123456789&emailType=reports',
      '/sso?email=nobody%40example.com',
      '/sso/cognito-cil?state=forged-state-0123456789&code=x',
      '/sso/cognito-cil',
      '/int_fftools',
      '/int_fftools?token=forged.token.0123456789&next=//evil.example',
      '/int_fftools#token=not-a-token-0123456789',
      '/organisation',
      '/organisation/machines?startDate=2026-02-30',
      '/organisation/users?page=-1',
      '/organisation/sites',
      '/organisation/brand-configuration',
      '/organisation/brand-configuration?logo=../../etc/passwd',
    ]);
  });

  it('the devices', async () => {
    const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
    await walk([
      '/gateways',
      `/gateways/list?filter=${filter({ status: 'asleep' })}&sort=%5B%22colour%22%5D`,
      `/gateways/${UNKNOWN_ID}`,
      `/gateways/${UNKNOWN_ID}/edit`,
      '/gateways/not-an-id',
      '/admin/gateways',
      '/admin/gateways/register?eui=%3Cb%3E',
      `/admin/gateways/${UNKNOWN_ID}/edit`,
      `/admin/gateways/${UNKNOWN_ID}/configure`,
      '/sensors',
      `/sensors?filter=${filter({ batteryStatus: 'empty', q: '%<b>' })}`,
      '/sensors/dashboard',
      '/sensor/off',
      `/sensor/off?sensor=${UNKNOWN_ID}`,
      '/sensor/off?sensor=not-an-id',
      '/qr',
      '/qr?code=NO-SUCH-DEVICE&claim=NOPE',
      '/qr?code=%3Cscript%3E',
    ]);
  });

  it('the equipment screens', async () => {
    await walk([
      '/equipment',
      ...withRanges('/equipment/assets/list', [
        'sortKey=colour&order=sideways&kind=boat',
        'filter=%3Cb%3E&siteId=not-a-site',
        'startDate=2024-01-01&endDate=2026-11-01',
      ]),
      '/equipment/assets',
      ...withRanges(`/equipment/assets/details/${UNKNOWN_ID}`),
      '/equipment/assets/details/not-an-id?startDate=2024-01-01&endDate=2026-01-01',
      '/equipment/assets/onboard',
      '/equipment/assets/onboard?sensor=NO-SUCH&claim=NOPE',
      `/asset/${UNKNOWN_ID}`,
      '/asset/not-an-id',
    ]);
  });

  it('the files and reports screens', async () => {
    await walk([
      '/files',
      '/files?filter=manual&dates=2026-11-01,2026-11-30',
      '/files?dates=2026-13-45,soon&type=spaceship&scope=moon&sortKey=colour&order=sideways',
      `/files?machineId=${machineId}&scope=machine`,
      '/files?machineId=not-an-id',
      '/files?showFilesTab=reports',
      '/files?showFilesTab=reports&status=exploded&type=fuel-co2&dates=2026-11-30,2026-11-01',
      '/files?showFilesTab=nonsense&page=-3',
      '/create-reports-file',
      '/create-reports-file?type=fuel-co2&filter=type:Excavator',
      `/create-reports-file?type=spaceship&filter=garbage&site=${siteId}`,
      `/create-reports-file?site=${UNKNOWN_ID}`,
      '/reports',
      `/reports?reportId=${UNKNOWN_ID}`,
      '/reports?reportId=not-an-id',
      '/mm-reports',
      '/mm-reports?report=fleet-utilisation',
      `/mm-reports?report=site-activity&site=${siteId}&startDate=2026-11-01&endDate=2026-11-07`,
      '/mm-reports?report=spaceship&startDate=soon&endDate=2026-02-30',
      `/mm-reports?report=fuel-co2&site=${UNKNOWN_ID}`,
      '/portal/cil-user-reports',
      `/portal/cil-user-reports?userId=${UNKNOWN_ID}`,
      '/portal/cil-user-reports?userId=not-an-id',
    ]);
  });

  it('the alerts', async () => {
    await walk([
      '/alerts',
      `/alerts?filter=${encodeURIComponent('{"type":"idle"}')}`,
      `/alerts?filter=${encodeURIComponent('{"type":"sunshine","machineId":"not-an-id"}')}`,
      '/alerts?filter=garbage&sort=colour&order=sideways&page=-3&perPage=100000',
    ]);
  });

  it('the admin area, refused to an admin and walked by staff', async () => {
    await walk(['/admin', '/admin/datacompleteness', `/admin/machines/${machineId}`]);
    // The last screen's notice, once it has drawn (a loaded machine draws late): exactly one.
    await page.getByText('This area is for staff.').waitFor({ timeout: 30_000 });
    // The same browser, signed in as staff: the last walk of this file.
    await page.goto(`${portal.url}/logout`);
    await page.waitForURL(/\/login/);
    await signInToDemo(page, portal.url, 'staff@demo.example');
    const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
    await walk([
      '/admin',
      '/admin/teltonika',
      '/admin/teltonika?deviceIds=357309051000001&startDate=2026-02-30&endDate=soon&page=-3',
      '/admin/teltonika?deviceIds=%3Cb%3E,,,&startDate=2020-01-01&endDate=2026-11-01',
      '/admin/arya?deviceIds=70B3D5E75E100002',
      '/admin/arya?deviceIds=not-hex&startDate=2026-11-30&endDate=2026-11-01',
      '/admin/android?deviceIds=NPH-APP-0001',
      '/admin/datacompleteness',
      '/admin/datacompleteness?startDate=2025-01-01&endDate=2026-11-01&sort=colour&order=sideways',
      '/admin/coverage',
      '/admin/coverage?searchType=gateway&gateways=%3Cb%3E',
      '/admin/coverage?searchType=sideways&sensors=70B3D5E75E100002&startDate=soon',
      `/admin/machines/${machineId}`,
      `/admin/machines/${machineId}?day=2026-02-30`,
      `/admin/machines/${UNKNOWN_ID}`,
      '/admin/machines/not-an-id',
      '/admin/oem-feeds',
      '/admin/outbox',
      '/admin/audit',
      `/admin/audit?filter=${filter({ q: '%<b>', from: 'soon' })}&sort=%5B%22colour%22%5D`,
      '/organisation/audit',
    ]);
  });
});
