// The heat map against a mocked API: its range, filter, kind and machine from the URL and back,
// the summary and legend, the empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HeatmapReply } from '../../src/domain/api/heatmap.ts';
import type { RouteMachinesReply } from '../../src/domain/api/mapRoutes.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const machines: RouteMachinesReply = {
  machines: [
    { id: 'm1', name: 'Dumper 7', assetId: 'NPH-7', lastPositionAt: null },
    { id: 'm2', name: 'Excavator 2', assetId: 'NPH-2', lastPositionAt: null },
  ],
};

const reply = (kind: HeatmapReply['kind'], cells: HeatmapReply['cells']): HeatmapReply => ({
  kind,
  start: '2026-11-01',
  end: '2026-11-20',
  cellSizeDeg: 0.001,
  maxWeight: Math.max(0, ...cells.map((c) => c.weight)),
  cells,
});

const cell = (weight: number, seconds: number, maxSpeedKmh: number | null = null) => ({
  latitude: 51.5295,
  longitude: -0.2755,
  weight,
  seconds,
  maxSpeedKmh,
});

function serve(calls: { path: string; query: Record<string, string> }[]) {
  const answer =
    (kind: 'heatmap' | 'speedheatmap'): HttpResponseResolver =>
    ({ request }) => {
      calls.push({ path: kind, query: Object.fromEntries(new URL(request.url).searchParams) });
      return HttpResponse.json(
        kind === 'speedheatmap'
          ? reply('speed', [cell(24, 600, 31)])
          : reply('activity', [cell(1, 3600), { ...cell(0.5, 1800), latitude: 51.5305 }]),
      );
    };
  api.use(
    http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
    http.get(anyOrigin(endpoints.portal.maps.heatmap), answer('heatmap')),
    http.get(anyOrigin(endpoints.portal.maps.speedheatmap), answer('speedheatmap')),
  );
}

describe('heat map', () => {
  it('asks for its range and filter, sums the hours, and switches to speed', async () => {
    signedIn();
    const calls: { path: string; query: Record<string, string> }[] = [];
    serve(calls);
    await renderPortal('/heatmap?startDate=2026-11-01&endDate=2026-11-20&filter=site%3As1');
    const summary = await screen.findByTestId('heatmap-summary', {}, { timeout: 10_000 });
    expect(summary).toHaveTextContent('2 cells, 1.5 h worked');
    expect(within(screen.getByTestId('heatmap-legend')).getByText('Hours worked')).toBeVisible();
    expect(calls[0]).toEqual({
      path: 'heatmap',
      query: { start: '2026-11-01', end: '2026-11-20', filter: 'site:s1' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Speed' }));
    await waitFor(() =>
      expect(screen.getByTestId('heatmap-summary')).toHaveTextContent('1 cells, up to 31 km/h'),
    );
    expect(calls.at(-1)?.path).toBe('speedheatmap');
    expect(window.location.search).toContain('kind=speed');
  });

  it('asks for one machine when one is chosen, and keeps it in the URL', async () => {
    signedIn();
    const calls: { path: string; query: Record<string, string> }[] = [];
    serve(calls);
    await renderPortal('/heatmap?startDate=2026-11-01&endDate=2026-11-20');
    await screen.findByTestId('heatmap-summary', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Machine' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Excavator 2 · NPH-2' }));
    await waitFor(() => expect(calls.at(-1)?.query.machineId).toBe('m2'));
    expect(window.location.search).toContain('machineId=m2');
  });

  it('says when nothing was worked, and offers a retry when the call fails', async () => {
    signedIn();
    let fail = true;
    api.use(
      http.get(anyOrigin(endpoints.machines.list), () => HttpResponse.json(machines)),
      http.get(anyOrigin(endpoints.portal.maps.heatmap), () =>
        fail
          ? HttpResponse.json(
              { statusCode: 500, code: 'INTERNAL', message: 'boom' },
              { status: 500 },
            )
          : HttpResponse.json(reply('activity', [])),
      ),
    );
    await renderPortal('/heatmap');
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 });
    expect(
      screen.getAllByText(/Something went wrong fetching the heat map/).length,
    ).toBeGreaterThan(0);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No work with a position in this range.')).toBeVisible();
  });
});
