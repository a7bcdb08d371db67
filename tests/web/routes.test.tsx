// The routes screen against a mocked API: machines by name, a machine's trips and stops, the
// stops and positions switches and the closable hint, all in the URL or the browser's store; the
// work cycles with their own failure; the route report.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteMachinesReply, RouteReply } from '../../src/domain/api/mapRoutes.ts';
import type { WorkCyclesReply } from '../../src/domain/api/workCycles.ts';
import { api, renderPortal, settings, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  localStorage.clear();
});
afterAll(() => api.close());

const machines: RouteMachinesReply = {
  machines: [
    { id: 'm1', name: 'Bomag BW 120', assetId: 'NPH-0002', lastPositionAt: null },
    { id: 'm2', name: 'JCB 3CX', assetId: 'NPH-0001', lastPositionAt: '2026-11-10T08:39:00.000Z' },
  ],
};
const at = (minute: number, latitude: number) => ({
  latitude,
  longitude: -0.2,
  satellites: 9,
  time: new Date(Date.UTC(2026, 10, 10, 8, minute)).toISOString(),
});
const route: RouteReply = {
  id: 'm2',
  name: 'JCB 3CX',
  assetId: 'NPH-0001',
  timezone: 'Europe/London',
  latestLocation: at(39, 51.545),
  locations: [at(0, 51.529), at(20, 51.537), at(39, 51.545)],
  trips: [
    {
      geofenceStartName: 'Northbank Depot Park Royal',
      geofenceEndName: null,
      outOfScope: true,
      startTime: at(9, 0).time,
      endTime: at(29, 0).time,
      distanceM: 2529.6,
      locations: [at(9, 51.529), at(20, 51.537), at(29, 51.545)],
    },
  ],
  stops: [
    {
      outOfScope: false,
      startTime: at(0, 0).time,
      endTime: at(9, 0).time,
      centre: { latitude: 51.529, longitude: -0.2 },
      radius: 20,
      geofenceName: 'Northbank Depot Park Royal',
    },
  ],
};

const tip = { name: null, latitude: 51.5344, longitude: -0.276 };
const depot = { name: 'Northbank Depot Park Royal', latitude: 51.529, longitude: -0.276 };
const cycles: WorkCyclesReply = {
  id: 'm2',
  name: 'JCB 3CX',
  assetId: 'NPH-0001',
  timezone: 'Europe/London',
  loadCapacityT: 20,
  cycles: [],
  routes: [
    {
      loadingPlace: depot,
      dumpingPlace: tip,
      cycles: 2,
      meanDurationS: 780,
      minDurationS: 750,
      maxDurationS: 810,
      meanDistanceM: 1200,
      payloadT: 40,
    },
  ],
};

describe('routes', () => {
  it('lists the machines, draws the chosen one, and keeps the choice in the URL', async () => {
    signedIn();
    const asked: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.get(anyOrigin(endpoints.portal.maps.routes), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(route);
      }),
      http.get(anyOrigin(endpoints.portal.maps.cyclesItem), () => HttpResponse.json(cycles)),
    );
    await renderPortal('/routes?startDate=2026-11-10&endDate=2026-11-10');
    const list = await screen.findByTestId('route-machines', {}, { timeout: 10_000 });
    await within(list).findByText('JCB 3CX');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Bomag BW 120'), expect.stringContaining('JCB 3CX')]);
    await userEvent.click(within(list).getByText('JCB 3CX'));
    const trips = await screen.findByTestId('route-trips');
    expect(within(trips).getByText('2.53')).toBeInTheDocument();
    expect(within(trips).getByText('Outside the sites')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('machineId')).toBe('m2');
    expect(Object.fromEntries(asked[0] as URLSearchParams)).toEqual({
      machineID: 'm2',
      start: '2026-11-10',
      end: '2026-11-10',
    });
    expect(screen.getByTestId('route-stops')).toBeInTheDocument();

    // The work cycles, loaded apart.
    const table = await screen.findByTestId('work-cycles');
    expect(within(table).getByText('Near 51.53440, -0.27600')).toBeInTheDocument();
    expect(within(table).getByText('13')).toBeInTheDocument(); // minutes, mean
    expect(within(table).getByText('12.5–13.5')).toBeInTheDocument();
    expect(within(table).getByText('40')).toBeInTheDocument(); // tonnes

    await userEvent.click(screen.getByRole('switch', { name: 'Show stops' }));
    await waitFor(() => expect(screen.queryByTestId('route-stops')).toBeNull());
    expect(window.location.search).toContain('usestops=false');
    await userEvent.click(screen.getByRole('switch', { name: 'All positions' }));
    expect(window.location.search).toContain('experimental=true');
  });

  it('says when the work cycles fail, keeping the route, and retries them alone', async () => {
    signedIn();
    let cyclesFail = true;
    let routeCalls = 0;
    api.use(
      http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.get(anyOrigin(endpoints.portal.maps.routes), () => {
        routeCalls++;
        return HttpResponse.json(route);
      }),
      http.get(anyOrigin(endpoints.portal.maps.cyclesItem), () =>
        cyclesFail
          ? HttpResponse.json(
              { statusCode: 500, code: 'INTERNAL', message: 'boom' },
              { status: 500 },
            )
          : HttpResponse.json({ ...cycles, cycles: [], routes: [] }),
      ),
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await renderPortal('/routes?startDate=2026-11-10&endDate=2026-11-10&machineId=m2');
    // The machine the link names is scrolled into view in the list.
    await waitFor(() =>
      expect(scrolled.mock.contexts.map((element) => (element as Element).textContent)).toEqual([
        expect.stringContaining('JCB 3CX'),
      ]),
    );
    scrolled.mockRestore();
    expect(
      await screen.findByText(
        'Something went wrong fetching the work cycles.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.getByTestId('route-trips')).toBeInTheDocument();
    cyclesFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No work cycles in this range/)).toBeVisible();
    expect(routeCalls).toBe(1);
  });

  it('downloads the chosen table of the route report for the range', async () => {
    signedIn();
    const asked: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.get(anyOrigin(endpoints.portal.maps.routesReport), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('\uFEFFMachine\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:report');
    URL.revokeObjectURL = () => undefined;
    await renderPortal('/routes?startDate=2026-11-02&endDate=2026-11-08');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Report' }, { timeout: 10_000 }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Trips · XLSX' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(Object.fromEntries(asked[0] as URLSearchParams)).toEqual({
      type: 'DETAIL_ROUTE',
      start: '2026-11-02',
      end: '2026-11-08',
      format: 'xlsx',
    });
  });

  it('keeps its hint closed once closed', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
    );
    const first = await renderPortal('/routes');
    const hint = await screen.findByTestId('routes-hint', {}, { timeout: 10_000 });
    await userEvent.click(within(hint).getByRole('button', { name: 'Close' }));
    first.unmount();
    await renderPortal('/routes');
    await screen.findByTestId('route-machines', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('routes-hint')).toBeNull();
  });

  it('offers every position fix only to an organisation with the feature', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.get(anyOrigin(endpoints.users.settings), () =>
        HttpResponse.json({ ...settings, features: { routePositions: false } }),
      ),
    );
    await renderPortal('/routes?experimental=true');
    await screen.findByRole('switch', { name: 'Show stops' }, { timeout: 10_000 });
    expect(screen.queryByRole('switch', { name: 'All positions' })).toBeNull();
  });
});
