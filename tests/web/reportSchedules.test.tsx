// The reports screens against a mocked API: the user's report types, the scheduled reports with
// a new one made through the dialog (the body the API takes), run now and the runs it lists; a
// report opened as a page by its token; and an admin choosing a user's report categories.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRun, ReportSchedule, ReportView } from '../../src/domain/api/reports.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const userReports = {
  reportsList: [
    {
      id: 'fleet-utilisation',
      category: 'utilisation',
      url: '/mm-reports?report=fleet-utilisation',
    },
    { id: 'fuel-co2', category: 'fuel', url: '/mm-reports?report=fuel-co2' },
  ],
};

const schedule: ReportSchedule = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Daily fleet utilisation',
  type: 'fleet-utilisation',
  format: 'pdf',
  frequency: 'daily',
  dateRange: 'yesterday',
  weekdays: [1, 2, 3, 4, 5],
  hour: 7,
  extraMinutes: 0,
  timezone: 'Europe/London',
  filter: null,
  site: null,
  recipientUserIds: [],
  recipientEmails: ['site.manager@northbank.example'],
  paused: false,
  nextRunAt: '2026-11-26T07:00:00.000Z',
  lastRun: null,
};

const run: ReportRun = {
  id: 'r1',
  scheduleId: schedule.id,
  slotAt: '2026-11-25T07:00:00.000Z',
  trigger: 'now',
  status: 'sent',
  attempts: 1,
  recipients: ['site.manager@northbank.example'],
  reportFileId: 'f1',
  sizeBytes: 64_000,
  error: null,
  createdAt: '2026-11-25T07:00:00.000Z',
  finishedAt: '2026-11-25T07:00:05.000Z',
};

describe('reports screens', () => {
  it('makes a scheduled report, runs it now and lists its runs', async () => {
    const saved: unknown[] = [];
    const ran: string[] = [];
    let schedules: ReportSchedule[] = [];
    api.use(
      http.get(anyOrigin(endpoints.user.reports), () => HttpResponse.json(userReports)),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.get(anyOrigin(endpoints.users.root), () =>
        HttpResponse.json([], { headers: { 'content-range': 'users 0-0/0' } }),
      ),
      http.get(anyOrigin(endpoints.portal.reports.schedules), () => HttpResponse.json(schedules)),
      http.post(anyOrigin(endpoints.portal.reports.schedules), async ({ request }) => {
        saved.push(await request.json());
        schedules = [schedule];
        return HttpResponse.json(schedule, { status: 201 });
      }),
      http.post(anyOrigin(endpoints.portal.reports.schedulesRun), ({ params }) => {
        ran.push(String(params.id));
        return HttpResponse.json({ ...run, status: 'queued' }, { status: 202 });
      }),
      http.get(anyOrigin(endpoints.portal.reports.schedulesRuns), () =>
        HttpResponse.json(ran.length ? [run] : []),
      ),
    );
    signedIn();
    await renderPortal('/reports');
    expect(await screen.findByText('Fuel and CO2', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No scheduled reports yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New scheduled report' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Name' }),
      'Daily fleet utilisation',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Other addresses' }),
      'Site.Manager@northbank.example, ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The scheduled report is saved', {}, { timeout: 10_000 });
    expect(saved).toEqual([
      {
        name: 'Daily fleet utilisation',
        type: 'fleet-utilisation',
        format: 'pdf',
        frequency: 'daily',
        dateRange: 'yesterday',
        weekdays: [1, 2, 3, 4, 5],
        hour: 7,
        extraMinutes: 0,
        timezone: expect.any(String),
        filter: null,
        site: null,
        recipientUserIds: [],
        recipientEmails: ['site.manager@northbank.example'],
      },
    ]);

    const row = (await screen.findByText('Daily fleet utilisation', { selector: 'td' })).closest(
      'tr',
    ) as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Run now' }));
    expect(ran).toEqual([schedule.id]);
    const runs = await screen.findByTestId('report-runs', {}, { timeout: 10_000 });
    expect(await within(runs).findByText('Sent', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(runs).getByText('site.manager@northbank.example')).toBeInTheDocument();
    expect(window.location.search).toBe(`?reportId=${schedule.id}`);
  });

  it('opens a report as a page with its token, for the URL’s range', async () => {
    const asked: URLSearchParams[] = [];
    const view: ReportView = {
      title: 'Fuel and CO2',
      subtitle: ['Northbank Plant Hire', '2026-11-02 to 2026-11-08', '1 machines'],
      sections: [
        {
          title: 'Machines by fuel used',
          headings: ['Machine', 'Fuel (l)'],
          numeric: [false, true],
          rows: [['NPH-1101', 412.5]],
          chart: null,
          notes: [
            'A utilisation above 100 % counts active hours beyond those it is measured against.',
          ],
        },
      ],
    };
    api.use(
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.get(anyOrigin(pathTo(endpoints.user.reportsToken, { id: 'fuel-co2' })), () =>
        HttpResponse.json({ token: 'signed-token', expiresAt: '2026-11-25T08:15:00.000Z' }),
      ),
      http.get(anyOrigin(endpoints.reports.view), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(view);
      }),
    );
    signedIn();
    await renderPortal('/mm-reports?report=fuel-co2&startDate=2026-11-02&endDate=2026-11-08');
    expect(
      await screen.findByText('Machines by fuel used', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('412.5')).toBeInTheDocument();
    expect(screen.getByText(/^A utilisation above 100 %/)).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({
      token: 'signed-token',
      start: '2026-11-02',
      end: '2026-11-08',
    });
  });

  it("lets an admin choose a user's report categories", async () => {
    const put: unknown[] = [];
    const user = {
      id: 'b1b2c3d4-0000-4000-8000-000000000002',
      email: 'viewer@demo.example',
      firstName: 'Priya',
      lastName: 'Shah',
      role: 'viewer',
      organisationId: 'org',
      organisationName: 'Northbank Plant Hire',
      status: 'active',
      lastLogin: null,
      language: null,
      timezone: null,
    };
    api.use(
      http.get(anyOrigin(endpoints.users.root), () =>
        HttpResponse.json([user], { headers: { 'content-range': 'users 0-0/1' } }),
      ),
      http.get(anyOrigin(endpoints.admin.reports.categories), () =>
        HttpResponse.json([
          { id: 'utilisation', reportTypes: ['fleet-utilisation', 'idle', 'out-of-hours'] },
          { id: 'fuel', reportTypes: ['fuel-co2'] },
        ]),
      ),
      http.get(anyOrigin(endpoints.admin.user.reportsCategories), () =>
        HttpResponse.json({ categoryIds: ['utilisation', 'fuel'] }),
      ),
      http.put(anyOrigin(endpoints.admin.user.reportsCategories), async ({ request }) => {
        put.push(await request.json());
        return HttpResponse.json({ categoryIds: ['fuel'] });
      }),
    );
    signedIn();
    await renderPortal(`/portal/cil-user-reports?userId=${user.id}`);
    const utilisation = await screen.findByRole(
      'checkbox',
      { name: 'Utilisation' },
      { timeout: 10_000 },
    );
    expect(utilisation).toBeChecked();
    expect(
      screen.getByText('Fleet utilisation, Idle time, Out-of-hours activity'),
    ).toBeInTheDocument();
    await userEvent.click(utilisation);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The report categories are saved', {}, { timeout: 10_000 });
    expect(put).toEqual([{ categoryIds: ['fuel'] }]);
  });
});
