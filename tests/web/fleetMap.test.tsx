// The fleet map against a mocked API: its range and filter from the URL, counts by state, and the
// failure message.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MapMachine, MapsReply } from '../../src/domain/api/maps.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const machine = (id: string, state: MapMachine['state'], located: boolean): MapMachine => ({
  id,
  name: `Machine ${id}`,
  assetId: `NPH-${id}`,
  category: 'Excavator',
  type: null,
  site: 'Brent Cross Viaduct',
  customer: null,
  hiredStatus: 'OFF_HIRE',
  state,
  stateSince: null,
  location: located
    ? { latitude: 51.5, longitude: -0.1, lastUpdated: '2026-11-20T10:00:00.000Z' }
    : null,
  lastSeenAt: null,
});

const reply: MapsReply = {
  machines: [
    machine('1', 'active', true),
    machine('2', 'active', true),
    machine('3', 'off', true),
    machine('4', 'unknown', false),
  ],
  timestamp: '2026-11-20T10:05:00.000Z',
};

describe('fleet map', () => {
  it('asks for its range and filter, and counts the machines by state', async () => {
    signedIn();
    const calls: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.maps.root), ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return HttpResponse.json(reply);
      }),
    );
    await renderPortal('/map?startDate=2026-11-01&endDate=2026-11-20&filter=site%3As1');
    const states = await screen.findByTestId('map-states', {}, { timeout: 10_000 });
    await within(states).findByText('3 of 4 located');
    expect(within(states).getByText('Active: 2')).toBeInTheDocument();
    expect(within(states).getByText('Off: 1')).toBeInTheDocument();
    expect(within(states).getByText('Not reported: 1')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0] as URLSearchParams)).toEqual({
      start: '2026-11-01',
      end: '2026-11-20',
      filter: 'site:s1',
    });
  });

  it('asks for the countries in its URL', async () => {
    signedIn();
    const calls: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.maps.root), ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return HttpResponse.json(reply);
      }),
    );
    await renderPortal('/map?countries=United%20Kingdom,Ireland');
    await screen.findByTestId('map-states', {}, { timeout: 10_000 });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.get('countries')).toBe('United Kingdom,Ireland');
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
  });

  it('says when the map cannot be fetched', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.portal.maps.root), () =>
        HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, { status: 500 }),
      ),
    );
    await renderPortal('/map');
    await waitFor(
      () =>
        expect(screen.getAllByText(/Something went wrong fetching the map/).length).toBeGreaterThan(
          0,
        ),
      { timeout: 10_000 },
    );
  });
});
