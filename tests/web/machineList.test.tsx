// The machine list's URL, time range, off-hours warning and download against a mocked API.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, clientErrorReports, machineList, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  localStorage.clear();
});
afterAll(() => api.close());

function recordListCalls() {
  const calls: URLSearchParams[] = [];
  api.use(
    http.get(anyOrigin(endpoints.portal.machines.list), ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return HttpResponse.json(machineList);
    }),
  );
  return calls;
}

describe('machine list', () => {
  it('reads its range, search and sort from plain URL parameters', async () => {
    signedIn();
    const calls = recordListCalls();
    await renderPortal(
      '/machines/list?startDate=2026-11-01&endDate=2026-11-30&sortKey=activeHours&order=DESC&q=JCB&show=all',
    );
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    const last = calls.at(-1) as URLSearchParams;
    expect(Object.fromEntries(last)).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-30',
      sort: 'activeHours',
      order: 'DESC',
      q: 'JCB',
      show: 'all',
    });
    expect(window.location.pathname).toBe('/machines');
    expect(window.location.search).toContain('sortKey=activeHours');
  });

  it('changes the range by a preset, and the URL follows', async () => {
    signedIn();
    const calls = recordListCalls();
    await renderPortal('/machines');
    await userEvent.click(await screen.findByTestId('date-range', {}, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Max' }));
    await waitFor(() => expect(window.location.search).toContain('startDate=max'));
    expect(window.location.search).toContain('endDate=max');
    await waitFor(() => expect(calls.at(-1)?.get('start')).toBe('max'));
  });

  it("opens the spec's startDate=max alone as all recorded time", async () => {
    signedIn();
    const calls = recordListCalls();
    await renderPortal('/machines/list?startDate=max');
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('date-range')).toHaveTextContent('Max');
    expect(Object.fromEntries(calls.at(-1) as URLSearchParams)).toMatchObject({
      start: 'max',
      end: 'max',
    });
  });

  it('opens the last 7 days by default', async () => {
    signedIn();
    const calls = recordListCalls();
    await renderPortal('/machines');
    expect(await screen.findByTestId('date-range', {}, { timeout: 10_000 })).toHaveTextContent(
      'Last 7 days',
    );
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const { start, end } = Object.fromEntries(calls.at(-1) as URLSearchParams);
    expect((Date.parse(end ?? '') - Date.parse(start ?? '')) / 86_400_000).toBe(6);
    expect(window.location.search).toBe('');
  });

  it('drops what a link gets wrong with one notice, and shows the defaults', async () => {
    signedIn();
    const calls = recordListCalls();
    await renderPortal(
      '/machines?startDate=2026-11-30&endDate=2026-11-01&sortKey=colour&show=never&q=JCB',
    );
    expect(
      await screen.findByText(
        /This link had settings the portal cannot use \(startDate, endDate, show, sortKey\)/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?q=JCB'));
    expect(screen.getByTestId('date-range')).toHaveTextContent('Last 7 days');
    expect(Object.fromEntries(calls.at(-1) as URLSearchParams)).toMatchObject({
      q: 'JCB',
      sort: 'outOfHours',
      show: 'active',
    });
    expect(screen.queryByText(/speed bump/)).toBeNull();
  });

  it('warns once that off-hours data starts on 26 April 2022', async () => {
    signedIn();
    recordListCalls();
    const { unmount } = await renderPortal('/machines?startDate=2021-01-01&endDate=2021-12-31');
    expect(
      await screen.findByText(
        /Off hours data is only available from 26-04-2022 onwards/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    unmount();
    await renderPortal('/machines?startDate=2021-01-01&endDate=2021-12-31');
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Off hours data is only available/)).toBeNull();
  });

  it('shows the hour meter with its source and reading time, and marks a drifting one', async () => {
    signedIn();
    recordListCalls();
    await renderPortal('/machines');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Columns' }, { timeout: 10_000 }),
    );
    await userEvent.click(await screen.findByRole('switch', { name: /hour meter/i }));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('1,234.6')).toBeInTheDocument();
    expect(screen.getByText(/^OEM feed, read .*09:30/)).toBeInTheDocument();
    expect(screen.getByLabelText('Sources disagree')).toBeInTheDocument();
  });

  it('marks the machine whose safety-critical task is overdue not to be used, naming the task', async () => {
    signedIn();
    recordListCalls();
    await renderPortal('/machines');
    const chips = await screen.findAllByTestId('not-to-be-used-chip', {}, { timeout: 10_000 });
    expect(chips).toHaveLength(1);
    expect(chips[0]).toHaveTextContent('Not to be used');
    await userEvent.hover(chips[0] as HTMLElement);
    expect(
      await screen.findByText('Not to be used: Thorough examination (LOLER) is overdue'),
    ).toBeInTheDocument();
  });

  it('downloads the CSV of what it shows', async () => {
    signedIn();
    recordListCalls();
    const reports: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.machines.report), ({ request }) => {
        reports.push(new URL(request.url).searchParams);
        return new HttpResponse('Machine,Asset ID\r\n', {
          headers: { 'content-type': 'text/csv' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await renderPortal('/machines?startDate=2026-11-01&endDate=2026-11-07&q=JCB');
    await userEvent.click(await screen.findByRole('button', { name: 'CSV' }, { timeout: 10_000 }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(Object.fromEntries(reports[0] as URLSearchParams)).toMatchObject({
      format: 'csv',
      start: '2026-11-01',
      end: '2026-11-07',
      q: 'JCB',
      sort: 'outOfHours',
      options: 'activeHours,idleHours,outOfHours,rentalUtilisation,fuelUtilisation',
    });
    // The columns chosen on screen are the file's: the hour meter shown, it comes too.
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('switch', { name: /hour meter/i }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]?.get('options')).toBe(
      'activeHours,idleHours,outOfHours,rentalUtilisation,fuelUtilisation,hourMeter',
    );
  });

  it('says when the machines cannot be fetched, and sends an error report', async () => {
    signedIn();
    clientErrorReports.length = 0;
    api.use(
      http.get(anyOrigin(endpoints.portal.machines.list), () =>
        HttpResponse.json(
          { statusCode: 500, code: 'INTERNAL', error: 'x', message: 'x', requestId: 'req-42' },
          { status: 500 },
        ),
      ),
    );
    await renderPortal('/machines');
    expect(
      await screen.findByText(
        /Something went wrong fetching your machines/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(clientErrorReports.length).toBeGreaterThan(0));
    // react-query retries the list; the same failure on the same screen is reported once.
    expect(clientErrorReports).toEqual([
      expect.objectContaining({
        kind: 'machine-list',
        screen: '/machines',
        status: 500,
        requestId: 'req-42',
      }),
    ]);
  });
});
