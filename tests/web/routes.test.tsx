// The routes screen against a mocked API: machines by name, a machine's trips and stops, the
// stops switch and the closable hint, all in the URL or the browser's store.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteMachinesReply, RouteReply } from '../../src/domain/api/mapRoutes.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';

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

describe('routes', () => {
  it('lists the machines, draws the chosen one, and keeps the choice in the URL', async () => {
    signedIn();
    const asked: URLSearchParams[] = [];
    api.use(
      http.get('*/v1/machines/list', () => HttpResponse.json(machines)),
      http.get('*/v1/portal/sites', () => HttpResponse.json({ sites: [] })),
      http.get('*/v1/portal/maps/routes', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(route);
      }),
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

    await userEvent.click(screen.getByRole('switch', { name: 'Show stops' }));
    await waitFor(() => expect(screen.queryByTestId('route-stops')).toBeNull());
    expect(window.location.search).toContain('usestops=false');
  });

  it('keeps its hint closed once closed', async () => {
    signedIn();
    api.use(
      http.get('*/v1/machines/list', () => HttpResponse.json(machines)),
      http.get('*/v1/portal/sites', () => HttpResponse.json({ sites: [] })),
    );
    const first = await renderPortal('/routes');
    const hint = await screen.findByTestId('routes-hint', {}, { timeout: 10_000 });
    await userEvent.click(within(hint).getByRole('button', { name: 'Close' }));
    first.unmount();
    await renderPortal('/routes');
    await screen.findByTestId('route-machines', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('routes-hint')).toBeNull();
  });
});
