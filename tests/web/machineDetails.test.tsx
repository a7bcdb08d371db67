// The machine details screen against a mocked API: header, day timeline, selecting a day and a
// segment through the URL, the table view, and a machine the user may not see.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MachineActivityReply } from '../../src/domain/api/machineActivity.ts';
import type { MaintenanceRow } from '../../src/domain/api/maintenance.ts';
import { api, machineDetails, machineRow, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const activity: MachineActivityReply = {
  machineId: 'm1',
  timezone: 'Europe/London',
  days: [
    {
      date: '2026-11-09',
      segments: [
        { state: 'off', from: '2026-11-09T00:00:00.000Z', to: '2026-11-10T00:00:00.000Z' },
      ],
      activeHours: 0,
      idleHours: 0,
      offHours: 24,
      missingHours: 0,
      brokendownHours: 0,
      outOfHours: 0,
      fuelL: 0,
      fuelEstimated: false,
      co2Kg: 0,
      distanceKm: 0,
      trips: 0,
      refills: 0,
      thefts: 0,
    },
    {
      date: '2026-11-10',
      segments: [
        { state: 'off', from: '2026-11-10T00:00:00.000Z', to: '2026-11-10T07:00:00.000Z' },
        { state: 'active', from: '2026-11-10T07:00:00.000Z', to: '2026-11-10T09:30:00.000Z' },
        { state: 'idle', from: '2026-11-10T09:30:00.000Z', to: '2026-11-10T10:00:00.000Z' },
        { state: 'brokendown', from: '2026-11-10T10:00:00.000Z', to: '2026-11-11T00:00:00.000Z' },
      ],
      activeHours: 2.5,
      idleHours: 0.5,
      offHours: 7,
      missingHours: 0,
      brokendownHours: 14,
      outOfHours: 0,
      fuelL: 38.5,
      fuelEstimated: false,
      co2Kg: 99,
      distanceKm: 1.2,
      trips: 2,
      refills: 1,
      thefts: 0,
    },
  ],
};

function mockMachine(seen: URLSearchParams[]) {
  api.use(
    http.get(anyOrigin(pathTo(endpoints.portal.machines.item, { id: 'm1' })), () =>
      HttpResponse.json(
        machineDetails({
          sources: [{ type: 'TELTONIKA', code: '357309051000001', shortCode: null, hours: null }],
          location: { latitude: 51.5, longitude: -0.12, lastUpdated: '2026-11-10T09:00:00.000Z' },
          breakdown: true,
        }),
      ),
    ),
    http.get(anyOrigin(pathTo(endpoints.machines.activity, { id: 'm1' })), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json(activity);
    }),
  );
}

describe('machine details', () => {
  it('shows the machine and its days, and selects a day and a segment through the URL', async () => {
    signedIn();
    const seen: URLSearchParams[] = [];
    mockMachine(seen);
    await renderPortal('/machines/m1?startDate=2026-11-09&endDate=2026-11-10');
    expect(
      (await screen.findAllByRole('heading', { name: 'JCB 3CX Sitemaster' }, { timeout: 10_000 }))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Broken down', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByText('TELTONIKA 357309051000001')).toBeInTheDocument();
    expect(seen[0]?.get('startDate')).toBe('2026-11-09');
    expect(seen[0]?.get('endDate')).toBe('2026-11-10');

    const tuesday = await screen.findByTestId('day-2026-11-10');
    const segments = within(tuesday).getAllByRole('listitem');
    expect(segments.map((s) => s.getAttribute('data-state'))).toEqual([
      'off',
      'active',
      'idle',
      'brokendown',
    ]);
    expect(segments[1]).toHaveAccessibleName('Active 07:00–09:30');
    // 2.5 active + 0.5 idle engine hours.
    expect(tuesday).toHaveTextContent('3:00');

    await userEvent.click(segments[1] as HTMLElement);
    await waitFor(() => expect(window.location.search).toContain('selectedSegment=1'));
    expect(window.location.search).toContain('selectedDate=2026-11-10');
    expect(await screen.findByTestId('selected-segment')).toHaveTextContent(
      'Active from 07:00 to 09:30 (2:30)',
    );
    const selected = screen.getByTestId('selected-day');
    expect(selected).toHaveTextContent('38.5 l');
    expect(within(screen.getByTestId('range-totals')).getByText('Broken down')).toBeInTheDocument();
  });

  it('lists the segments in the table view', async () => {
    signedIn();
    mockMachine([]);
    await renderPortal('/machines/m1?startDate=2026-11-09&endDate=2026-11-10&activityView=table');
    const table = await screen.findByTestId('activity-table', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    await userEvent.click(screen.getByRole('button', { name: 'Timeline' }));
    expect(await screen.findByTestId('activity-timeline')).toBeInTheDocument();
    expect(window.location.search).toContain('activityView=timeline');
  });

  it('edits the machine, showing the field the server refuses, and archives it', async () => {
    signedIn();
    mockMachine([]);
    const puts: unknown[] = [];
    let archived = false;
    api.use(
      http.put(anyOrigin(pathTo(endpoints.machines.item, { id: 'm1' })), async ({ request }) => {
        const body = (await request.json()) as { assetId?: string };
        puts.push(body);
        if (body.assetId === 'TAKEN') {
          return HttpResponse.json(
            {
              statusCode: 400,
              code: 'VALIDATION',
              error: 'Bad Request',
              message: 'assetId is in use',
              field: 'assetId',
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(machineRow({ name: 'Renamed' }));
      }),
      http.post(anyOrigin(pathTo(endpoints.machines.archive, { id: 'm1' })), () => {
        archived = true;
        return HttpResponse.json(machineRow({ archived: '2026-11-22T00:00:00.000Z' }));
      }),
    );
    await renderPortal('/machines/m1?startDate=2026-11-09&endDate=2026-11-10');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    const assetId = within(dialog).getByRole('textbox', { name: 'Asset ID' });
    await userEvent.clear(assetId);
    await userEvent.type(assetId, 'TAKEN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('assetId is in use')).toBeInTheDocument();
    await userEvent.clear(assetId);
    await userEvent.type(assetId, 'NPH-7777');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The machine is saved')).toBeInTheDocument();
    expect(puts).toEqual([{ assetId: 'TAKEN' }, { assetId: 'NPH-7777' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    // react-admin's confirm dialog asks first.
    const confirm = await screen.findByRole('dialog');
    expect(archived).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(archived).toBe(true));
  });

  it("assigns an operator and names the tracker's unnamed key", async () => {
    signedIn();
    const key = '001B2C3D4E5F6005';
    api.use(
      http.get(anyOrigin(pathTo(endpoints.portal.machines.item, { id: 'm1' })), () =>
        HttpResponse.json(
          machineDetails({ operator: { operator: key, assignedAt: '2026-11-09T08:00:00.000Z' } }),
        ),
      ),
      http.get(anyOrigin(pathTo(endpoints.machines.activity, { id: 'm1' })), () =>
        HttpResponse.json(activity),
      ),
    );
    const bodies: unknown[] = [];
    api.use(
      http.put(
        anyOrigin(pathTo(endpoints.machines.operator, { id: 'm1' })),
        async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json(machineRow({}));
        },
      ),
    );
    await renderPortal('/machines/m1?startDate=2026-11-09&endDate=2026-11-10&ref=map');
    expect(
      await screen.findByTestId('machine-operator', {}, { timeout: 10_000 }),
    ).toHaveTextContent(key);
    expect(screen.getByRole('link', { name: /Back to the fleet map/ })).toHaveAttribute(
      'href',
      '/map',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Operator' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Operator name' }),
      'Lee Wong',
    );
    expect(within(dialog).getByRole('checkbox', { name: new RegExp(key) })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ operator: 'Lee Wong', nameKey: true }]));
    expect(await screen.findByText('Operator saved')).toBeInTheDocument();
  });

  it('says so when the machine cannot be seen', async () => {
    signedIn();
    const notFound = () =>
      HttpResponse.json(
        { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No such machine' },
        { status: 404 },
      );
    api.use(
      http.get(anyOrigin(pathTo(endpoints.portal.machines.item, { id: 'm9' })), notFound),
      http.get(anyOrigin(pathTo(endpoints.machines.activity, { id: 'm9' })), notFound),
    );
    await renderPortal('/machines/m9');
    expect(
      await screen.findByText(
        'This machine does not exist, or you may not see it.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('marks the machine not to be used while its examination is overdue, and records a service, showing the field the server refuses', async () => {
    signedIn();
    mockMachine([]);
    const task: MaintenanceRow = {
      id: 'm1:p1',
      machineId: 'm1',
      machineName: 'JCB 3CX Sitemaster',
      own: true,
      assetId: 'NPH-1101',
      category: 'Loader',
      site: null,
      planId: 'p1',
      task: 'Thorough examination (LOLER)',
      safetyCritical: true,
      status: 'overdue',
      meterH: 2118,
      meterSource: 'computed',
      lastDoneDay: '2026-05-20',
      lastDoneMeterH: 1732,
      nextDueMeterH: null,
      nextDueDay: '2026-11-20',
      nextDueKm: null,
      remainingH: null,
      remainingDays: -9,
      remainingKm: null,
      forecastDay: '2026-11-20',
      dailyHours: 1.5,
    };
    const sent: unknown[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.maintenance), () =>
        HttpResponse.json([task], { headers: { 'content-range': 'maintenance 0-0/1' } }),
      ),
      http.post(
        anyOrigin(pathTo(endpoints.portal.machines.services, { id: 'm1' })),
        async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(
            { statusCode: 400, field: 'meterH', message: 'The service before read 2,200 h' },
            { status: 400 },
          );
        },
      ),
    );
    await renderPortal('/machines/m1?startDate=2026-11-09&endDate=2026-11-10');
    expect(
      await screen.findByText(
        'Not to be used: Thorough examination (LOLER) is overdue',
        { selector: '.MuiChip-label' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const card = screen.getByTestId('machine-service');
    expect(within(card).getByText('9 days over')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Record service' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('service-meter'), '2150.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/The service before read 2,200 h/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ planId: 'p1', status: 'done', meterH: 2150.5 });
  });
});
