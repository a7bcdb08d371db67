// The equipment screens against a mocked API: the asset list asks for its range beside the filter
// and shows where each asset stands; an asset's details show a visit open since before the range
// and one still going, and an edit sends only what the API takes.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssetDetailsReply, EquipmentAsset } from '../../src/domain/api/assets.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const asset: EquipmentAsset = {
  id: '5c1f0a3e-8d2b-4e7a-9f10-2b3c4d5e6f70',
  name: 'Welfare unit trailer',
  assetNumber: 'NPH-T07',
  kind: 'trailer',
  homeSiteId: null,
  homeSiteName: 'Northbank Depot Park Royal',
  note: null,
  trackers: [
    {
      id: 'tr-1',
      type: 'TELTONIKA',
      code: '352094087000701',
      lastSeenAt: '2026-11-10T22:00:00.000Z',
      batteryV: 3.87,
      batteryStatus: 'ok',
    },
  ],
  lastSeenAt: '2026-11-10T22:00:00.000Z',
  position: { latitude: 51.5303, longitude: -0.2926, at: '2026-11-10T22:00:00.000Z' },
  siteId: 'site-a40',
  siteName: 'A40 Hanger Lane Junction',
  daysOnSite: 3,
  distanceM: 1174,
  visits: 2,
};

const details: AssetDetailsReply = {
  asset,
  startDate: '2026-11-02',
  endDate: '2026-11-04',
  timezone: 'Europe/London',
  positions: [
    { latitude: 51.5294, longitude: -0.2757, at: '2026-11-02T06:00:00.000Z' },
    { latitude: 51.5303, longitude: -0.2926, at: '2026-11-02T07:40:00.000Z' },
  ],
  visits: [
    {
      siteId: 'site-pr',
      siteName: 'Northbank Depot Park Royal',
      arrivedAt: null,
      leftAt: '2026-11-02T07:10:00.000Z',
      days: 1,
    },
    {
      siteId: 'site-a40',
      siteName: 'A40 Hanger Lane Junction',
      arrivedAt: '2026-11-02T07:40:00.000Z',
      leftAt: null,
      days: 3,
    },
  ],
};

describe('equipment screens', () => {
  it('lists the assets over the range of its URL, sorted as the URL says', async () => {
    const asked: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.assets.root), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json([asset], { headers: { 'content-range': 'assets 0-0/1' } });
      }),
    );
    signedIn();
    await renderPortal(
      '/equipment/assets/list?startDate=2026-11-02&endDate=2026-11-04&sortKey=distanceM&order=DESC&kind=trailer',
    );
    const cell = await screen.findByText('Welfare unit trailer', {}, { timeout: 10_000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('A40 Hanger Lane Junction')).toBeInTheDocument();
    expect(within(row).getByText('1.2 km')).toBeInTheDocument();
    const last = asked.at(-1);
    expect(last?.get('startDate')).toBe('2026-11-02');
    expect(last?.get('endDate')).toBe('2026-11-04');
    expect(JSON.parse(last?.get('sort') ?? '[]')).toEqual(['distanceM', 'DESC']);
    expect(JSON.parse(last?.get('filter') ?? '{}')).toEqual({ kind: 'trailer' });
  });

  it("shows an asset's visits, open at either end, and saves an edit", async () => {
    const saved: unknown[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.assets.item), () => HttpResponse.json(details)),
      http.put(anyOrigin(endpoints.portal.assets.item), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ...asset, name: 'Welfare unit WT-07' });
      }),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
    );
    signedIn();
    await renderPortal(
      `/equipment/assets/details/${asset.id}?startDate=2026-11-02&endDate=2026-11-04`,
    );
    const visits = await screen.findByTestId('asset-visits', {}, { timeout: 10_000 });
    const [first, second] = within(visits).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/Before 0?2.11.2026|Before 11\/0?2\/2026|Before 2026-11-02/);
    expect(second).toHaveTextContent('Still there');
    expect(second).toHaveTextContent('3');
    expect(screen.getByTestId('asset-days-on-site')).toHaveTextContent('3');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Welfare unit WT-07');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The asset is saved.', {}, { timeout: 10_000 });
    expect(saved).toEqual([
      {
        name: 'Welfare unit WT-07',
        kind: 'trailer',
        assetNumber: 'NPH-T07',
        homeSiteId: null,
        note: null,
      },
    ]);
  });
});
