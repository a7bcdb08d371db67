// End to end: the real server on a temporary data folder, driven in headless Chromium.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/domain/format.ts';
import { addDays, weekdayOf, zonedDate } from '../../src/domain/zonedTime.ts';
import { browserAvailable, launchChromium } from '../support/chromium.ts';
import {
  newPortalContext,
  startPortalProcess,
  type PortalProcess,
} from '../support/portalProcess.ts';

const SCREENSHOTS = path.resolve('test-results/e2e');

if (!existsSync('dist/web/index.html')) {
  throw new Error(
    'The portal is not built: the e2e global setup builds it; run the e2e project through vitest',
  );
}

const HISTORY_DAYS = 4;
/**
 * The latest day before today on which the demo plan has the whole fleet at work (Monday to
 * Friday, server/telemetry/simulator/plan.ts): whatever today is, it lies in the history sent.
 */
function lastWorkingDay(): string {
  const today = zonedDate(new Date(), 'Europe/London');
  // Whole days only: the history starts HISTORY_DAYS before now, part way through a day.
  for (let back = 1; back < HISTORY_DAYS; back++) {
    const day = addDays(today, -back);
    const weekday = weekdayOf(day);
    if (weekday >= 1 && weekday <= 5) return day;
  }
  throw new Error('no working day in the demo history');
}

describe.skipIf(!browserAvailable)('portal in a browser', () => {
  let portal: PortalProcess | undefined;
  let browser: Browser;
  let page: Page;
  let url: string;
  let serverOutput = () => '';
  /** Anything the Content-Security-Policy refused, on any page of any context. */
  const cspViolations: string[] = [];
  /** Every context the suite opens: on CI's fake clock (as the server is), watched for CSP refusals. */
  const newContext = async (viewport: { width: number; height: number }) => {
    const context = await newPortalContext(browser, viewport);
    watchCsp(context);
    return context;
  };
  const watchCsp = (context: BrowserContext) =>
    context.on('console', (message) => {
      if (
        /Content Security Policy|Refused to (load|execute|apply|connect|frame)/.test(message.text())
      )
        cspViolations.push(`${message.location().url}: ${message.text()}`);
    });

  const shot = (name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    portal = await startPortalProcess(HISTORY_DAYS);
    url = portal.url;
    serverOutput = portal.output;
    browser = await launchChromium();
    const context = await newContext({ width: 1400, height: 900 });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    portal?.stop();
  });

  it('prints the URL and the demo sign-in on start', () => {
    expect(serverOutput()).toContain(`Fleet portal is running at ${url}`);
    expect(serverOutput()).toContain('Demo sign-in: admin@demo.example / Demo-portal-1');
  });

  it('signs the demo admin in through the two login steps and lists the machines', async () => {
    await page.goto(`${url}/`);
    await page.getByLabel(/E-mail address/).waitFor();
    await shot('01-login-email');
    await page.getByLabel(/E-mail address/).fill('admin@demo.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/Password/).fill('Demo-portal-1');
    await shot('02-login-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The demo admin belongs to two organisations: /login-selection asks which.
    await page.getByRole('button', { name: /Northbank Plant Hire/ }).click({ timeout: 60_000 });

    // The first page's machines depend on the sort (out-of-hours first) and the hour: wait for the
    // list itself.
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
    await page.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/machines');
    await expect(page.getByTestId('machine-summary').textContent()).resolves.toContain('41');
    await expect(page.getByText('Brent Cross Viaduct').first().isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('connectivity').textContent()).resolves.toBe('Online');
    await shot('03-machine-list');
  });

  it('shows the activity the demo trackers sent over Teltonika TCP', async () => {
    const reporting = page.getByText('Reporting activity').locator('xpath=following-sibling::*[1]');
    // The trackers catch up in the background: look again, a bounded number of times.
    for (let attempt = 0; attempt < 40; attempt++) {
      if (Number((await reporting.textContent()) ?? '0') > 0) break;
      await page.waitForTimeout(3000);
      await page.reload();
      await page.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
    }
    expect(Number(await reporting.textContent())).toBeGreaterThan(0);
    await shot('03b-machine-list-activity');
  });

  it('lists where each demo machine was last placed and who operates it, from the trackers', async () => {
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const reply = await fetch(`${url}/v1/portal/machines/list?start=max&end=max&perPage=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { machines } = (await reply.json()) as {
      machines: {
        sources: { type: string }[];
        location: unknown;
        operator: { operator: string } | null;
        isLearning: boolean;
      }[];
    };
    const trackers = machines.filter((m) => m.sources.some((s) => s.type === 'TELTONIKA'));
    expect(trackers.length).toBeGreaterThan(10);
    // Every tracker has sent positions; the demo history is days long, so none is learning.
    expect(trackers.filter((m) => m.location === null)).toEqual([]);
    expect(trackers.filter((m) => m.isLearning)).toEqual([]);
    // One demo machine in three carries an operator key; four of the five keys are named.
    const operators = new Set(machines.flatMap((m) => (m.operator ? [m.operator.operator] : [])));
    expect(
      [...operators].some((name) =>
        ['Sam Okafor', 'Priya Nair', 'Tom Hughes', 'Ana Costa'].includes(name),
      ),
    ).toBe(true);
  });

  it('opens a machine from the list and selects a day and a segment of its timeline', async () => {
    await page.goto(`${url}/machines?q=${encodeURIComponent('HiLight V5+')}`);
    await page.getByText('Atlas Copco HiLight V5+').first().click();
    await page.waitForURL(/\/machines\/[0-9a-f-]{36}/);
    const timeline = page.getByTestId('activity-timeline');
    // Its LoRaWAN sensor has reported through the webhook: the days have segments.
    const segment = timeline.getByRole('listitem').last();
    await segment.waitFor({ timeout: 30_000 });
    await segment.click();
    await page.getByTestId('selected-segment').waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get('selectedDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.get('selectedSegment')).toMatch(/^\d+$/);
    await expect(page.getByTestId('range-totals').isVisible()).resolves.toBe(true);
    await shot('03c-machine-details');
    await page.getByRole('link', { name: /Back to the machines/ }).click();
    await page.waitForURL(/\/machines\?q=HiLight/);
    await page.goto(`${url}/machines`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
  });

  it('filters the list by a source type and saves the filter', async () => {
    const machines = page
      .getByText('Machines', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    const before = Number(await machines.textContent());
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Source', exact: true }).click();
    await page.getByRole('option', { name: 'LORA', exact: true }).click();
    await page.waitForURL(/source%3ALORA|source:LORA/);
    await page.getByLabel('Save these filters as').fill('Sensor machines');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Chosen filters are successfully saved').waitFor();
    await page.getByTestId('saved-filters').getByText('Sensor machines').waitFor();
    await shot('03d-machine-filters');
    await page.getByRole('button', { name: 'Close the filters' }).click();
    // Fewer machines: only those with a LoRaWAN sensor.
    await expect
      .poll(async () => Number(await machines.textContent()), { timeout: 30_000 })
      .toBeLessThan(before);
    // The list remembers its filters: clear them for the steps that follow.
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.getByRole('button', { name: 'Close the filters' }).click();
    await expect
      .poll(async () => Number(await machines.textContent()), { timeout: 30_000 })
      .toBe(before);
  });

  it('searches, changes the range, and downloads the CSV the API agrees with', async () => {
    const machines = page
      .getByText('Machines', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await page.getByPlaceholder('Search machines').fill('atlas copco');
    await page.waitForURL(/q=atlas/);
    await expect
      .poll(async () => Number(await machines.textContent()), { timeout: 30_000 })
      .toBeLessThan(41);
    const found = Number(await machines.textContent());
    expect(found).toBeGreaterThan(0);
    await page.getByPlaceholder('Search machines').fill('');
    // The search applies after a pause: a range chosen before then would be overwritten.
    await page.waitForURL((address) => !address.search.includes('q='));
    await page.getByTestId('date-range').click();
    await page.getByRole('menuitem', { name: 'Max' }).click();
    await page.waitForURL(/startDate=max/);
    await expect
      .poll(async () => Number(await machines.textContent()), { timeout: 30_000 })
      .toBe(41);
    await shot('03e-machine-list-max');

    // Sorted by name: the demo keeps sending, and hours (the default sort) move meanwhile.
    await page.goto(`${url}/machines?startDate=max&endDate=max&sortKey=name`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    const rows = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]?.slice(0, 2)).toEqual(['Machine', 'Asset ID']);

    // The same selection straight from the API, as another client would read it.
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const list = await fetch(
      `${url}/v1/portal/machines/list?start=max&end=max&show=active&sort=name`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const reply = (await list.json()) as {
      machines: { name: string; assetID: string | null; category: string | null }[];
    };
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual(
      reply.machines.map((m) => [m.name, m.assetID ?? '', m.category ?? '']),
    );
  });

  it("shows a dashboard whose totals are the machine list's sums, in two languages", async () => {
    // The last working day, whose records are in by now, over the machines on hire.
    const yesterday = lastWorkingDay();
    const filter = 'hiredStatus:ON_HIRE';
    const query = `startDate=${yesterday}&endDate=${yesterday}&filter=${encodeURIComponent(filter)}`;
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const listSums = async () => {
      const reply = await fetch(
        `${url}/v1/portal/machines/list?start=${yesterday}&end=${yesterday}&filter=${encodeURIComponent(filter)}&perPage=10000`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const { machines } = (await reply.json()) as {
        machines: { activitySummary: Record<string, { value: number | null }> }[];
      };
      const sum = (metric: string) =>
        machines.reduce((total, m) => total + (m.activitySummary[metric]?.value ?? 0), 0);
      return {
        Machines: machines.length,
        'Active hours': sum('activeHours'),
        'Idle hours': sum('idleHours'),
        'Out-of-hours hours': sum('outOfHours'),
        'Fuel (l)': sum('fuelUtilisation'),
        'CO2 (kg)': sum('emissionsUtilisation'),
      };
    };
    const card = (label: string) =>
      page
        .getByTestId('dashboard-summary')
        .getByText(label, { exact: true })
        .locator('xpath=following-sibling::*[1]');

    await page.goto(`${url}/dashboard?${query}`);
    await page.getByTestId('dashboard-summary').waitFor({ timeout: 30_000 });
    // Late records may still recompute a machine's day: compare again, a bounded number of times.
    let shown: Record<string, string> = {};
    let expected: Record<string, string> = {};
    for (let attempt = 0; attempt < 5; attempt++) {
      const sums = await listSums();
      expected = Object.fromEntries(
        Object.entries(sums).map(([label, value]) => [label, formatNumber(value, 'en')]),
      );
      shown = Object.fromEntries(
        await Promise.all(
          Object.keys(sums).map(async (label) => [label, (await card(label).textContent()) ?? '']),
        ),
      );
      if (JSON.stringify(shown) === JSON.stringify(expected)) break;
      await page.reload();
      await page.getByTestId('dashboard-summary').waitFor({ timeout: 30_000 });
    }
    expect(shown).toEqual(expected);
    expect(Number(shown.Machines)).toBeGreaterThan(0);
    await page.getByTestId('history-fuel').waitFor();
    await page.getByTestId('dashboard-categories').waitFor();
    await shot('06-dashboard-en');

    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByText('Kategorien').first().waitFor();
    await shot('06-dashboard-de');
    await page.getByRole('button', { name: /Deutsch/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Categories').first().waitFor();
    await page.goto(`${url}/machines`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
  });

  it('shows where the demo machines are on the fleet map', async () => {
    await page.goto(`${url}/map`);
    const located = page.getByTestId('map-states').getByText(/located/);
    await located.waitFor({ timeout: 30_000 });
    const [shown = 0, total = 0] =
      ((await located.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
    expect(total).toBe(41);
    expect(shown).toBeGreaterThan(0);
    // The clusters and circles of the located machines are drawn.
    await page.locator('.leaflet-marker-icon, path.leaflet-interactive').first().waitFor();
    await shot('07-fleet-map');

    // Share a machine's place: open clusters (a bounded number of times) until a machine's circle
    // shows, then its popup's share link.
    // A machine's circle, not a spiderfied cluster's leg (a line without fill).
    const circle = page.locator('path.leaflet-interactive:not([fill="none"])').first();
    for (let i = 0; i < 20 && !(await circle.isVisible()); i++) {
      await page.locator('.marker-cluster').first().click();
      await page.waitForTimeout(400);
    }
    const dialog = page.getByRole('dialog');
    const emails = dialog.getByLabel('E-mail addresses');
    // The map's live update may redraw the popup under the click: open it again, a few times.
    for (let i = 0; i < 3 && !(await emails.isVisible()); i++) {
      await circle.click();
      await page.getByRole('link', { name: 'Share location' }).click();
      await emails.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    await emails.fill('site.manager@harrow.example');
    await dialog.getByRole('button', { name: 'Share' }).click();
    const link = dialog.getByRole('link', { name: /\/shared\/location\// });
    await link.waitFor({ timeout: 30_000 });
    const sharedUrl = (await link.getAttribute('href')) ?? '';
    await shot('07b-share-location');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The link opens without any session.
    const strangerContext = await newContext({ width: 1000, height: 700 });
    const stranger = await strangerContext.newPage();
    await stranger.goto(sharedUrl.replace(/^https?:\/\/[^/]+/, url));
    await stranger.getByTestId('shared-location').waitFor({ timeout: 30_000 });
    await expect(stranger.getByText(/Shared by Northbank Plant Hire/).isVisible()).resolves.toBe(
      true,
    );
    await stranger.screenshot({ path: path.join(SCREENSHOTS, '07c-shared-location.png') });
    await stranger.context().close();
    // Without SMTP the mail waits in the outbox, for staff to read.
    const staffLogin = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@demo.example', password: 'Demo-portal-1' }),
    });
    const { token: staffToken } = (await staffLogin.json()) as { token: string };
    const outbox = (await (
      await fetch(`${url}/v1/admin/outbox`, { headers: { authorization: `Bearer ${staffToken}` } })
    ).json()) as { mails: { to: string; body: string }[] };
    expect(outbox.mails[0]).toMatchObject({ to: 'site.manager@harrow.example' });
    expect(outbox.mails[0]?.body).toContain(sharedUrl);
    await page.goto(`${url}/machines`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
  });

  it('heats where the demo fleet worked on the last working day, over the built-in outline, and where it drove', async () => {
    const yesterday = lastWorkingDay();
    await page.goto(`${url}/heatmap?startDate=${yesterday}&endDate=${yesterday}`);
    const summary = page.getByTestId('heatmap-summary');
    await summary.waitFor({ timeout: 30_000 });
    const [cells = 0, hours = 0] =
      ((await summary.textContent()) ?? '').match(/[\d.]+/g)?.map(Number) ?? [];
    expect(cells).toBeGreaterThan(0);
    expect(hours).toBeGreaterThan(0);
    // The map drew every cell, and the country outline shipped with the portal (tiles may not load).
    const map = page.locator('.leaflet-container');
    await expect(map.getAttribute('data-heat-cells')).resolves.toBe(String(cells));
    await page.locator('.leaflet-container[data-outline="drawn"]').waitFor({ timeout: 10_000 });
    await expect(page.locator('canvas.leaflet-heatmap-layer').count()).resolves.toBe(1);
    await shot('09-heatmap');
    await page.getByRole('button', { name: 'Speed' }).click();
    await summary.filter({ hasText: /km\/h/ }).waitFor({ timeout: 30_000 });
    await page.waitForURL(/kind=speed/);
    await shot('09-heatmap-speed');
  });

  it("draws a demo machine's route with its trips and stops", async () => {
    await page.goto(`${url}/routes?startDate=${lastWorkingDay()}`);
    const list = page.getByTestId('route-machines');
    // A machine with a position: its line says when that was.
    await list
      .getByText(/Last position/)
      .first()
      .waitFor({ timeout: 30_000 });
    await list
      .getByRole('button')
      .filter({ hasText: /Last position/ })
      .first()
      .click();
    await page.waitForURL(/machineId=/);
    await page.getByText(/^Trips \(\d+\)$/).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('route-trips').isVisible()).resolves.toBe(true);
    // The work cycles arrive on their own: a table of routes, or the word that there are none.
    await page
      .getByTestId('work-cycles')
      .or(page.getByText(/No work cycles in this range/))
      .waitFor({ timeout: 30_000 });
    await shot('08-routes');

    // The fleet's trips of the range as the route report's CSV.
    await page.getByRole('button', { name: 'Report' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Route summary per machine · CSV' }).click(),
    ]);
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Machine,Asset ID,Trips,Distance \(km\)/);
    expect(lines.length).toBeGreaterThan(1);
    await page.goto(`${url}/machines`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
  });

  it('creates a site with a circle drawn on the map, redraws it as a polygon, and shows the sites', async () => {
    await page.goto(`${url}/sites/portal`);
    await page.getByTestId('sites-table').waitFor({ timeout: 30_000 });
    await shot('11-sites');
    await page.getByRole('button', { name: 'New site' }).click();
    await page.getByLabel(/^Name/).fill('E2E Yard');
    await page.getByLabel('Code').fill('E2E-1');
    const editorMap = page.getByTestId('geofence-editor').locator('.leaflet-container');
    await editorMap.click({ position: { x: 400, y: 220 } });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/overview\/sites\/[0-9a-f-]{36}/, { timeout: 30_000 });
    const siteId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByTestId('site-hours').waitFor({ timeout: 30_000 });
    await shot('12-site-overview');

    await page.goto(`${url}/geofences?siteId=${siteId}`);
    await page.getByRole('button', { name: 'Polygon' }).click();
    const fenceMap = page.getByTestId('geofence-editor').locator('.leaflet-container');
    for (const [x, y] of [
      [300, 150],
      [500, 150],
      [400, 300],
    ] as const) {
      await fenceMap.click({ position: { x, y } });
    }
    await expect(page.getByTestId('geofence-hint').textContent()).resolves.toContain('(3 so far)');
    await shot('13-geofences');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Site saved').waitFor({ timeout: 30_000 });
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const saved = (await (
      await fetch(`${url}/v1/portal/sites/${siteId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { code: string; geofence: { type: string; points: unknown[] } };
    expect(saved.code).toBe('E2E-1');
    expect(saved.geofence.type).toBe('polygon');
    expect(saved.geofence.points).toHaveLength(3);

    // The demo depot's machines along yesterday.
    const sites = (await (
      await fetch(`${url}/v1/portal/sites`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { sites: { id: string; code: string | null }[] };
    const depot = sites.sites.find((s) => s.code === 'NPH-PR');
    const yesterday = lastWorkingDay();
    await page.goto(`${url}/overview/activity-timeline/${depot?.id}?date=${yesterday}`);
    await page
      .getByTestId('timeline-rows')
      .or(page.getByText('No machines on this site on this day.'))
      .waitFor({ timeout: 30_000 });
    await shot('14-activity-timeline');
    await page.goto(`${url}/overview/sites`);
    await page.getByTestId('sites-overview-table').waitFor({ timeout: 30_000 });
    await page.locator('.leaflet-container[data-sites]').waitFor();
    await shot('15-sites-overview');
    await page.goto(`${url}/machines`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
  });

  it('adds, renames and deletes a machine group, confirming the delete', async () => {
    await page.goto(`${url}/groups`);
    await page.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: /Name/ }).fill('E2E crew');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E crew' });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('E2E crew').click();
    const name = page.getByRole('textbox', { name: /Name/ });
    await name.fill('E2E night crew');
    await page.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('row').filter({ hasText: 'E2E night crew' });
    await renamed.waitFor({ timeout: 30_000 });
    await shot('16-groups');
    await renamed.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await renamed.waitFor({ state: 'detached', timeout: 30_000 });
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'Demo-portal-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const { groups } = (await (
      await fetch(`${url}/v1/portal/groups`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { groups: { name: string }[] };
    expect(groups.map((g) => g.name)).not.toContain('E2E night crew');
    expect(groups.length).toBeGreaterThan(0);
    // Back where the next test starts: the machine list.
    await page.goto(`${url}/machines`);
    await page.getByTestId('machine-summary').waitFor({ timeout: 30_000 });
  });

  it('switches to German, keeps it across a reload, and switches back', async () => {
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByText('Inventarnummer').first().waitFor();
    await shot('04-machine-list-de');

    await page.reload();
    await page.getByText('Inventarnummer').first().waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: /Deutsch/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Asset ID').first().waitFor();
  });

  it('shows the machine list in the embedded view', async () => {
    // A page of the same browser context shares the portal's stored session.
    const embedded = await page.context().newPage();
    await embedded.goto(`${url}/embedded`);
    await embedded.getByText('Atlas Copco HiLight V5+').waitFor({ timeout: 30_000 });
    await embedded.screenshot({ path: path.join(SCREENSHOTS, '05-embedded.png') });
    await embedded.close();
  });

  it("switches to the user's other organisation and lists its machines", async () => {
    await page.getByRole('button', { name: /Profile|Alex Morgan/ }).click();
    await page.getByRole('menuitem', { name: 'Switch to Meridian Build Group' }).click();
    await page.getByText('MBG-210').waitFor({ timeout: 30_000 });
    await expect(page.getByText('NPH-1241').count()).resolves.toBe(0);
    await shot('06-other-organisation');
  });

  it('signs out to the login page', async () => {
    await page.getByRole('button', { name: /Profile|Alex Morgan/ }).click();
    await page.getByRole('menuitem', { name: /Logout/ }).click();
    await page.getByLabel(/E-mail address/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Nothing of the session is left where a script could read it (preferences such as saved
    // filters stay), and the cookie is gone.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toMatch(/signed-in|session|eyJ[\w-]+\.eyJ/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('fleet_refresh');
    // The machine list now sends the browser back to sign in.
    await page.goto(`${url}/machines`);
    await page.getByLabel(/E-mail address/).waitFor();
    await shot('07-signed-out');
  });

  it('ran every screen above under the security headers without a policy violation', async () => {
    const reply = await fetch(`${url}/machines`);
    expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(cspViolations).toEqual([]);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    expect(await portal?.terminate()).toBe(0);
  });
});
