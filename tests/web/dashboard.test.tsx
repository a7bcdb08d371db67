// The dashboard's states, URL, presets, modules, notices and links against a mocked API.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryRow, DashboardReply } from '../../src/domain/api/dashboard.ts';
import { ACTIVITY_METRICS } from '../../src/domain/api/machines.ts';
import { api, me, renderPortal, settings, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  localStorage.clear();
});
afterAll(() => api.close());

const metric = (value: number | null) => ({ value });
const estimated = (value: number | null, isEstimated = false) => ({
  value,
  estimated: isEstimated,
});

function category(name: string, rentalUtilisation: number | null): CategoryRow {
  return {
    category: name,
    types: [`${name} type`],
    numberOfMachines: metric(2),
    outOfHours: metric(1),
    activeHours: metric(10),
    idleHours: metric(2),
    offHours: metric(30),
    rentalUtilisation: metric(rentalUtilisation),
    emissions: estimated(25.7),
    workingUtilisation: metric(40),
    fuel: estimated(10),
    totalHours: metric(12),
    missingData: metric(0),
  };
}

const reply: DashboardReply = {
  summary: {
    ...(Object.fromEntries(ACTIVITY_METRICS.map((m) => [m, metric(null)])) as Record<
      (typeof ACTIVITY_METRICS)[number],
      { value: number | null }
    >),
    numberOfMachines: metric(6),
    onHire: metric(3),
    withActivity: metric(4),
    activeHours: metric(123.5),
    rentalUtilisation: metric(61.2),
    workingUtilisation: metric(33.3),
    fuelUtilisation: estimated(456, true),
    emissionsUtilisation: estimated(1172.3, true),
  },
  history: {
    interval: 'day',
    fuel: [
      { date: '2026-11-02', value: 200, estimated: true },
      { date: '2026-11-03', value: 256, estimated: false },
    ],
    co2: [
      { date: '2026-11-02', value: 514.2, estimated: true },
      { date: '2026-11-03', value: 658.1, estimated: false },
    ],
  },
  categories: [category('Excavator', 80), category('Dumper', 20), category('Roller', null)],
  utilisation: {
    metric: 'rentalUtilisation',
    machines: [
      {
        id: 'm7',
        machineName: 'Volvo EC220E',
        assetId: 'NPH-0007',
        machineType: 'Tracked excavator',
        customer: 'Harrow Civil Engineering',
        site: 'Brent Cross Viaduct',
        contractNumber: 'C-7',
        activeHours: metric(40),
        idleHours: metric(5),
        offHours: metric(10),
        totalHours: metric(45),
        rentalUtilisation: metric(95),
        outOfHoursActivity: metric(2),
        workingUtilisation: metric(60),
        fuel: estimated(300),
      },
    ],
  },
};

function recordDashboardCalls(
  answer: () => Promise<Response> | Response = () => HttpResponse.json(reply),
) {
  const calls: URLSearchParams[] = [];
  api.use(
    http.get(anyOrigin(endpoints.portal.dashboard), ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return calls;
}

const FIRST = { timeout: 10_000 };

describe('dashboard', () => {
  it('loads the range and filter of its URL and shows every part', async () => {
    signedIn();
    const calls = recordDashboardCalls();
    await renderPortal('/dashboard?startDate=2026-11-02&endDate=2026-11-03&filter=site%3As1');
    const summary = await screen.findByTestId('dashboard-summary', {}, FIRST);
    expect(Object.fromEntries(calls[0] as URLSearchParams)).toMatchObject({
      start: '2026-11-02',
      end: '2026-11-03',
      filter: 'site:s1',
      utilisationLimit: '5',
    });
    expect(calls[0]?.getAll('historyType')).toEqual(['fuel', 'co2']);
    // A rental company's productivity figure is its rental utilisation.
    expect(within(summary).getByText('Utilisation %')).toBeInTheDocument();
    expect(within(summary).getByText('61.2')).toBeInTheDocument();
    expect(within(summary).getAllByText('Includes estimates')).toHaveLength(2);
    expect(screen.getByText('Fuel used per day (l)')).toBeInTheDocument();
    expect(screen.getByText('CO2 emitted per day (kg)')).toBeInTheDocument();
    expect(screen.getByText('Top machines by Utilisation %')).toBeInTheDocument();
    expect(screen.getByText('Volvo EC220E')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard')).toHaveAttribute('data-status', 'loaded');
  });

  it('shows loading, then failure with a report, then recovers on retry', async () => {
    signedIn();
    let fail = true;
    recordDashboardCalls(async () => {
      await delay(300);
      return fail
        ? HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, { status: 500 })
        : HttpResponse.json(reply);
    });
    await renderPortal('/dashboard');
    await waitFor(
      () => expect(screen.getByTestId('dashboard')).toHaveAttribute('data-status', 'loading'),
      FIRST,
    );
    await waitFor(() =>
      expect(screen.getByTestId('dashboard')).toHaveAttribute('data-status', 'failed'),
    );
    // Reported once as a notification, and kept on the screen with a way to try again.
    expect(
      await screen.findAllByText(/Something went wrong loading the dashboard/),
    ).not.toHaveLength(0);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard')).toHaveAttribute('data-status', 'loaded'),
    );
    expect(screen.getByTestId('dashboard-summary')).toBeInTheDocument();
  });

  it('does not report a load cancelled by a newer range', async () => {
    signedIn();
    let first = true;
    const calls = recordDashboardCalls(async () => {
      if (first) {
        first = false;
        await delay(2_000);
      }
      return HttpResponse.json(reply);
    });
    await renderPortal('/dashboard');
    await userEvent.click(await screen.findByTestId('date-range', {}, FIRST));
    // The dashboard opens on the last 7 days (docs/screens.md); today is a newer range.
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Today' }));
    await screen.findByTestId('dashboard-summary');
    expect(calls).toHaveLength(2);
    expect(screen.getByTestId('dashboard')).toHaveAttribute('data-status', 'loaded');
    expect(screen.queryByText(/Something went wrong loading the dashboard/)).toBeNull();
  });

  it('offers its presets and writes the range to the URL without empty parameters', async () => {
    signedIn();
    const calls = recordDashboardCalls();
    await renderPortal('/dashboard?filter=');
    await userEvent.click(await screen.findByTestId('date-range', {}, FIRST));
    const presets = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(presets).toEqual([
      'Today',
      'Tomorrow',
      'Last 7 days',
      'This week',
      'Next week',
      'This month',
      'Next month',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Next week' }));
    await waitFor(() =>
      expect(window.location.search).toMatch(/^\?startDate=[\d-]+&endDate=[\d-]+$/),
    );
    const { startDate, endDate } = Object.fromEntries(new URLSearchParams(window.location.search));
    // Next week runs Monday to Sunday.
    expect(new Date(`${startDate}T12:00:00`).getDay()).toBe(1);
    expect(new Date(`${endDate}T12:00:00`).getDay()).toBe(0);
    await waitFor(() => expect(calls.at(-1)?.get('start')).toBe(startDate));
  });

  it("filters with the machine list's panel, and the URL follows", async () => {
    signedIn();
    const calls = recordDashboardCalls();
    api.use(
      http.get(anyOrigin(endpoints.portal.filters.root), () =>
        HttpResponse.json({
          filters: [
            {
              id: 'hiredStatus',
              name: 'Hired status',
              options: [
                {
                  id: 'hiredStatus:ON_HIRE',
                  group: 'hiredStatus',
                  key: 'ON_HIRE',
                  name: 'On hire',
                  label: 'On hire',
                },
              ],
            },
          ],
        }),
      ),
      http.get(anyOrigin(endpoints.portal.filters.saved), () =>
        HttpResponse.json({ savedFilters: [] }),
      ),
    );
    await renderPortal('/dashboard?startDate=2026-11-02&endDate=2026-11-03');
    await screen.findByTestId('dashboard-summary', {}, FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Hired status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'On hire' }));
    await waitFor(() => expect(calls.at(-1)?.get('filter')).toBe('hiredStatus:ON_HIRE'));
    expect(new URLSearchParams(window.location.search).get('filter')).toBe('hiredStatus:ON_HIRE');
    // Behind the open panel, the button counts the chosen groups.
    expect(screen.getByRole('button', { name: 'Filters (1)', hidden: true })).toBeInTheDocument();
  });

  it('leaves out fuel when the organisation has no fuel module', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.users.settings), () =>
        HttpResponse.json({ ...settings, modules: { ...settings.modules, fuel: false } }),
      ),
    );
    const calls = recordDashboardCalls();
    await renderPortal('/dashboard');
    const summary = await screen.findByTestId('dashboard-summary', {}, FIRST);
    expect(calls[0]?.getAll('historyType')).toEqual(['co2']);
    expect(within(summary).queryByText('Fuel (l)')).toBeNull();
    expect(screen.queryByTestId('history-fuel')).toBeNull();
    expect(screen.getByTestId('history-co2')).toBeInTheDocument();
    const categories = screen.getByTestId('dashboard-categories');
    expect(within(categories).queryByText('Fuel (l)')).toBeNull();
    expect(within(categories).getByText('CO2 (kg)')).toBeInTheDocument();
  });

  it('labels productivity by organisation type', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.me.root), () =>
        HttpResponse.json({ ...me, organisation: { ...me.organisation, type: 'end-user' } }),
      ),
    );
    recordDashboardCalls();
    await renderPortal('/dashboard');
    const summary = await screen.findByTestId('dashboard-summary', {}, FIRST);
    expect(within(summary).getByText('Active %')).toBeInTheDocument();
    expect(within(summary).getByText('33.3')).toBeInTheDocument();
  });

  it('says why a utilisation above 100 % is so, on the card and beside a machine’s', async () => {
    signedIn();
    const [top] = reply.utilisation.machines;
    if (!top) throw new Error('no top machine');
    recordDashboardCalls(() =>
      HttpResponse.json({
        ...reply,
        summary: { ...reply.summary, rentalUtilisation: metric(105.5) },
        utilisation: {
          ...reply.utilisation,
          machines: [{ ...top, rentalUtilisation: metric(124) }],
        },
      }),
    );
    await renderPortal('/dashboard');
    const summary = await screen.findByTestId('dashboard-summary', {}, FIRST);
    expect(within(summary).getByText('105.5')).toBeInTheDocument();
    const why = "Above 100 %: active beyond the hire contracts' hours (over-use).";
    expect(within(summary).getByText(why)).toBeInTheDocument();
    expect(screen.getByLabelText(why)).toBeInTheDocument();
  });

  it('keeps the missing-data notice dismissed', async () => {
    signedIn();
    recordDashboardCalls();
    const first = await renderPortal('/dashboard');
    const notice = await screen.findByTestId('missing-data-notice', {}, FIRST);
    expect(notice).toHaveTextContent('2 of 6 machines sent no telematics or OEM data');
    await userEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('missing-data-notice')).toBeNull();
    first.unmount();
    await renderPortal('/dashboard');
    await screen.findByTestId('dashboard-summary', {}, FIRST);
    expect(screen.queryByTestId('missing-data-notice')).toBeNull();
  });

  it('sorts categories by rental utilisation, ascending, until told otherwise', async () => {
    signedIn();
    recordDashboardCalls();
    await renderPortal('/dashboard');
    const table = await screen.findByTestId('dashboard-categories', {}, FIRST);
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(names()).toEqual(['Dumper', 'Excavator', 'Roller']);
    await userEvent.click(within(table).getByRole('button', { name: 'Rental utilisation %' }));
    expect(names()).toEqual(['Excavator', 'Dumper', 'Roller']);
    await userEvent.click(within(table).getByRole('button', { name: 'Category' }));
    expect(names()).toEqual(['Dumper', 'Excavator', 'Roller']);
  });

  it('opens the machine list for a category, and a machine, over the same range', async () => {
    signedIn();
    recordDashboardCalls();
    await renderPortal('/dashboard?startDate=2026-11-02&endDate=2026-11-03&filter=site%3As1');
    const table = await screen.findByTestId('dashboard-categories', {}, FIRST);
    await userEvent.click(within(table).getByText('Excavator'));
    await waitFor(() => expect(window.location.pathname).toBe('/machines'));
    const list = new URLSearchParams(window.location.search);
    expect(list.get('filter')).toBe('site:s1|category:Excavator');
    expect(list.get('startDate')).toBe('2026-11-02');
    expect(list.get('endDate')).toBe('2026-11-03');

    await renderPortal('/dashboard?startDate=2026-11-02&endDate=2026-11-03');
    await userEvent.click(await screen.findByText('Volvo EC220E', {}, FIRST));
    await waitFor(() => expect(window.location.pathname).toBe('/machines/m7'));
    const details = new URLSearchParams(window.location.search);
    expect(details.get('startDate')).toBe('2026-11-02');
    expect(details.get('url')).toBe('/dashboard?startDate=2026-11-02&endDate=2026-11-03');
  });
});
