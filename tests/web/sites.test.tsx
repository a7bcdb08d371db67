// The site screens against a mocked API: the sites with their figures, deleting one, the form's
// checks and an edit saved whole, and a site's activity timeline.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MachineListSummary } from '../../src/domain/api/machines.ts';
import type { Site, SitesOverviewReply, SiteTimelineReply } from '../../src/domain/api/sites.ts';
import { api, machineList, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => api.close());

const site: Site = {
  id: 's1',
  name: 'Brent Cross Viaduct',
  code: 'HCE-BXV',
  customer: 'Harrow Civil Engineering',
  timezone: 'Europe/London',
  geofence: { type: 'circle', centre: { latitude: 51.576, longitude: -0.224 }, radiusM: 250 },
  centre: { latitude: 51.576, longitude: -0.224 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const summary = (machines: number, active: number): MachineListSummary => ({
  ...machineList.summary,
  numberOfMachines: { value: machines },
  activeHours: { value: active },
});
const overview: SitesOverviewReply = {
  sites: [{ site, summary: summary(3, 41.5) }],
  elsewhere: summary(7, 12),
};

describe('sites', () => {
  it("lists the sites with their machines' hours, and deletes one", async () => {
    signedIn();
    const deleted: string[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.sites.overview), () => HttpResponse.json(overview)),
      http.delete(anyOrigin(endpoints.portal.sites.item), ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderPortal('/sites/portal');
    const table = await screen.findByTestId('sites-table', {}, { timeout: 10_000 });
    const row = within(table).getByText('Brent Cross Viaduct').closest('tr') as HTMLElement;
    expect(within(row).getByText('41.5')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(table).getByText(/^Machines elsewhere/)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete site' }));
    // react-admin's confirm dialog, naming the site; nothing is deleted before it is confirmed.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Brent Cross Viaduct');
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleted).toEqual(['s1']));
    expect(await screen.findByText('Site deleted')).toBeInTheDocument();
  });

  it('checks the form, and saves an edited site whole', async () => {
    signedIn();
    const saved: unknown[] = [];
    api.use(
      http.get(anyOrigin(pathTo(endpoints.portal.sites.item, { id: 's1' })), () =>
        HttpResponse.json(site),
      ),
      http.put(
        anyOrigin(pathTo(endpoints.portal.sites.item, { id: 's1' })),
        async ({ request }) => {
          saved.push(await request.json());
          return HttpResponse.json(site);
        },
      ),
      http.get(anyOrigin(endpoints.portal.machines.list), () => HttpResponse.json(machineList)),
      http.get(anyOrigin(endpoints.portal.maps.root), () =>
        HttpResponse.json({ machines: [], timestamp: '' }),
      ),
    );
    await renderPortal('/portal/sites/create?siteId=s1');
    const name = await screen.findByLabelText(/Name/, {}, { timeout: 10_000 });
    expect(name).toHaveValue('Brent Cross Viaduct');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('A site needs a name.')).toBeVisible();
    await userEvent.type(name, 'Brent Cross Viaduct North');
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Not a time zone: Mars/Olympus')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Brent Cross Viaduct North',
      code: 'HCE-BXV',
      customer: 'Harrow Civil Engineering',
      timezone: null,
      geofence: site.geofence,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/overview/sites/s1'));
  });

  it('asks for a geofence before saving a new site', async () => {
    signedIn();
    await renderPortal('/portal/sites/create');
    await userEvent.type(await screen.findByLabelText(/Name/, {}, { timeout: 10_000 }), 'Yard');
    await userEvent.click(screen.getByRole('button', { name: 'Polygon' }));
    expect(screen.getByTestId('geofence-hint')).toHaveTextContent('(0 so far)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Draw the geofence on the map/)).toBeVisible();
  });

  it("draws the site's machines along the day", async () => {
    signedIn();
    const timeline: SiteTimelineReply = {
      site,
      from: '2026-11-10T00:00:00.000Z',
      to: '2026-11-11T00:00:00.000Z',
      machines: [
        {
          id: 'm1',
          name: 'JCB 3CX',
          assetId: 'NPH-0001',
          segments: [
            { state: 'off', from: '2026-11-10T00:00:00.000Z', to: '2026-11-10T08:00:00.000Z' },
            { state: 'active', from: '2026-11-10T08:00:00.000Z', to: '2026-11-10T14:00:00.000Z' },
          ],
        },
      ],
    };
    const asked: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(pathTo(endpoints.portal.sites.timeline, { id: 's1' })), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(timeline);
      }),
    );
    await renderPortal('/overview/activity-timeline/s1?date=2026-11-10');
    const rows = await screen.findByTestId('timeline-rows', {}, { timeout: 10_000 });
    expect(within(rows).getByText('JCB 3CX · NPH-0001')).toBeInTheDocument();
    const active = rows.querySelector('[data-state="active"]') as HTMLElement;
    // 08:00 to 14:00 of the day: a third along, a quarter wide.
    expect(parseFloat(active.style.left)).toBeCloseTo(100 / 3, 6);
    expect(parseFloat(active.style.width)).toBeCloseTo(25, 6);
    expect(Object.fromEntries(asked[0] as URLSearchParams)).toEqual({
      start: '2026-11-10',
      end: '2026-11-10',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(window.location.search).toBe('?date=2026-11-11'));
  });
});
