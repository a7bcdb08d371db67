// The staff admin area against a mocked API: the staff home leads from a silent sensor to its
// uplinks, where lost uplinks are counted; a machine's workings recompute a day and show what
// changed; and nobody but staff is shown the area.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminOverviewReply,
  IngestRequestsReply,
  LoraUplinksReply,
  MachineDayReply,
  MachineWorkingsReply,
  RecomputeRun,
} from '../../src/domain/api/admin.ts';
import { api, me, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import type { OrganisationSettingsRecord } from '../../src/domain/api/organisations.ts';
import { FEATURE_KEYS, MODULE_KEYS, NAVIGATION_KEYS } from '../../src/domain/api/session.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const SENSOR = 'A84041000000B0B1';
const MACHINE_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const asStaff = () =>
  http.get(anyOrigin(endpoints.me.root), () =>
    HttpResponse.json({ ...me, user: { ...me.user, role: 'internal' } }),
  );

const overview: AdminOverviewReply = {
  organisations: { total: 3, rental: 1, endUser: 1, both: 1 },
  devices: [{ sourceType: 'LORA', reporting: 7, late: 0, silent: 1, never: 0 }],
  ingest: {
    hours: ['2026-11-24T07:00:00.000Z', '2026-11-24T08:00:00.000Z'],
    bySourceType: [{ sourceType: 'LORA', records: [42, 40] }],
  },
  engine: { backlogMachines: 0, brokerBatches: null, oldestWaitingAt: null, recomputesRunning: 0 },
  feeds: { total: 1, inError: [] },
  mail: { waiting: 0, failed: 2 },
  quarantined: 0,
  silentDevices: [
    {
      sourceId: 's1',
      sourceType: 'LORA',
      code: SENSOR,
      machineId: MACHINE_ID,
      machineName: 'Volvo EC220E',
      lastSeenAt: '2026-11-24T02:00:00.000Z',
    },
  ],
};

const uplinks: LoraUplinksReply = {
  uplinks: [
    {
      deviceId: SENSOR,
      deviceTime: '2026-11-24T01:00:00.000Z',
      receivedTime: '2026-11-24T01:00:01.000Z',
      fCnt: 17,
      payloadHex: '013C0E1003E8',
      activityLevel: 60,
      batteryV: 3.6,
      temperatureC: 10,
      decoded: [],
      receptions: [
        {
          gatewayId: 'g1',
          gatewayEui: '7276FF0039040102',
          gatewayName: 'Dartford yard mast',
          rssiDbm: -117,
          snrDb: -13.5,
        },
      ],
      lostBefore: 3,
    },
  ],
  total: 1,
  unknownDevices: [],
  gaps: [
    {
      deviceId: SENSOR,
      afterFCnt: 13,
      beforeFCnt: 17,
      lost: 3,
      from: '2026-11-24T00:20:00.000Z',
      to: '2026-11-24T01:00:00.000Z',
    },
  ],
  devices: [{ deviceId: SENSOR, uplinks: 1, lost: 3, deliveryPct: 25 }],
};

describe('the staff admin area', () => {
  it('follows a silent sensor from the staff home to its uplinks and the uplinks it lost', async () => {
    let asked: URL | undefined;
    api.use(
      asStaff(),
      http.get(anyOrigin(endpoints.admin.overview), () => HttpResponse.json(overview)),
      http.get(anyOrigin(endpoints.admin.arya.uplinks), ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(uplinks);
      }),
    );
    signedIn();
    await renderPortal('/admin');
    const silent = await screen.findByRole(
      'table',
      { name: 'Silent longest' },
      { timeout: 10_000 },
    );
    const row = within(silent).getByText(SENSOR).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Coverage' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/admin/coverage?searchType=sensor&sensors=${SENSOR}`),
    );
    expect(screen.getByText('2 (0 waiting)')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: 'Records' }));

    const delivery = await screen.findByRole('table', { name: 'Delivery' }, { timeout: 10_000 });
    expect(within(delivery).getByText('25.0%')).toBeInTheDocument();
    expect(screen.getByText('13 → 17')).toBeInTheDocument();
    expect(screen.getByText('3 lost')).toBeInTheDocument();
    expect(screen.getByText('013C0E1003E8')).toBeInTheDocument();
    expect(screen.getByText(/Dartford yard mast -117 dBm/)).toBeInTheDocument();
    expect(asked?.searchParams.get('deviceIds')).toBe(SENSOR);
    // The page's days are the browser's, sent as instants.
    expect(Date.parse(asked?.searchParams.get('from') ?? '')).toBeLessThan(
      Date.parse(asked?.searchParams.get('to') ?? ''),
    );
  });

  it('shows the commits queued in JetStream beside the machines waiting, when engines run apart', async () => {
    api.use(
      asStaff(),
      http.get(anyOrigin(endpoints.admin.overview), () =>
        HttpResponse.json({
          ...overview,
          engine: { ...overview.engine, backlogMachines: 4, brokerBatches: 120 },
        }),
      ),
    );
    signedIn();
    await renderPortal('/admin');
    expect(
      await screen.findByText('4 (120 batches queued for the engines)', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows each organisation’s mail of the last day against the mail caps above the outbox', async () => {
    const asked: string[] = [];
    api.use(
      asStaff(),
      http.get(anyOrigin(endpoints.admin.outbox.root), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          mails: [],
          mailCaps: {
            caps: { organisationPerDay: 1000, userPerDay: 200, outsidePerDay: 200 },
            organisations: [
              {
                organisationId: 'a1b2c3d4-0000-4000-8000-0000000000aa',
                organisationName: 'Northbank Plant Hire',
                members: 40,
                outside: 150,
                topUserEmail: 'admin@demo.example',
                topUserMails: 180,
              },
            ],
          },
        });
      }),
    );
    signedIn();
    await renderPortal('/admin/outbox');
    const table = await screen.findByRole(
      'table',
      { name: 'Mail asked for in the last 24 hours' },
      { timeout: 10_000 },
    );
    const row = within(table).getByText('Northbank Plant Hire').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('190 / 1,000');
    expect(row).toHaveTextContent('150 / 200');
    expect(row).toHaveTextContent('admin@demo.example: 180 / 200');
    expect(screen.getByText(/Caps a day: 1,000 an organisation, 200 a user/)).toBeInTheDocument();
    // It opens on every mail, as the admin home counts them; the switch narrows to failed ones.
    expect(screen.getByRole('switch', { name: 'Failed only' })).not.toBeChecked();
    expect(asked).toEqual(['?limit=200']);
  });

  it('recomputes a machine’s day and shows what changed', async () => {
    const workings: MachineWorkingsReply = {
      id: MACHINE_ID,
      name: 'Volvo EC220E',
      organisationId: 'o1',
      organisationName: 'Northbank Plant Hire',
      timezone: 'Europe/London',
      sources: [
        {
          sourceId: 's9',
          type: 'TELTONIKA',
          code: '356307042441013',
          from: '2026-11-01T00:00:00.000Z',
          to: null,
          expectedIntervalS: 60,
          lastSeenAt: '2026-11-24T08:00:00.000Z',
        },
      ],
      hires: [],
      firstDay: '2026-11-01',
      lastDay: '2026-11-23',
      recomputes: [],
      history: [],
    };
    const day: MachineDayReply = {
      day: '2026-11-23',
      from: '2026-11-23T00:00:00.000Z',
      to: '2026-11-24T00:00:00.000Z',
      records: [],
      recordsTotal: 0,
      segments: [
        { from: '2026-11-23T08:00:00.000Z', to: '2026-11-23T10:00:00.000Z', state: 'active' },
      ],
      rollup: {
        activeH: 2,
        idleH: 0,
        offH: 22,
        missingH: 0,
        brokenDownH: 0,
        outOfHoursH: 0,
        fuelL: 30,
        distanceKm: 0,
        computedAt: '2026-11-24T01:00:00.000Z',
      },
    };
    const run: RecomputeRun = {
      id: 'r1',
      machineId: MACHINE_ID,
      fromDay: '2026-11-23',
      toDay: '2026-11-23',
      state: 'queued',
      daysTotal: 1,
      daysDone: 0,
      requestedBy: 'staff@demo.example',
      createdAt: '2026-11-24T09:00:00.000Z',
      finishedAt: null,
      error: null,
      changes: [],
    };
    let started: unknown;
    api.use(
      asStaff(),
      http.get(anyOrigin(endpoints.admin.machines.item), () => HttpResponse.json(workings)),
      http.get(anyOrigin(endpoints.admin.machines.day), () => HttpResponse.json(day)),
      http.post(anyOrigin(endpoints.admin.machines.recomputes), async ({ request }) => {
        started = await request.json();
        return HttpResponse.json(run, { status: 202 });
      }),
      http.get(anyOrigin(endpoints.admin.machines.recomputesItem), () =>
        HttpResponse.json({
          ...run,
          state: 'done',
          daysDone: 1,
          finishedAt: '2026-11-24T09:00:02.000Z',
          changes: [{ day: '2026-11-23', field: 'activeHours', before: 2, after: 2.5 }],
        }),
      ),
    );
    signedIn();
    await renderPortal(`/admin/machines/${MACHINE_ID}`);
    expect(await screen.findByTestId('day-rollup', {}, { timeout: 10_000 })).toHaveTextContent(
      'active 2.00 h',
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Recompute' })[0] as HTMLElement);
    expect(started).toEqual({ fromDay: '2026-11-23', toDay: '2026-11-23' });
    const changes = await screen.findByRole('table', { name: 'Changes' }, { timeout: 10_000 });
    expect(within(changes).getByText('Active h')).toBeInTheDocument();
    expect(within(changes).getByText('2.5')).toBeInTheDocument();
    expect(screen.getByText('Done: 1 day recomputed')).toBeInTheDocument();
  });

  it("lists a device's JSON ingest requests and opens each body under its row", async () => {
    const reply: IngestRequestsReply = {
      requests: ['r1', 'r2'].map((id, index) => ({
        id,
        deviceId: 'NPH-APP-0001',
        sourceType: 'ANDROID',
        receivedAt: `2026-11-24T0${index + 1}:00:00.000Z`,
        address: '203.0.113.9',
        status: index === 0 ? 200 : 400,
        body: { records: [{ hours: 1200 + index }] },
        bodyTruncated: false,
        stored: 1 - index,
        duplicates: 0,
        invalid: 0,
        quarantined: 0,
        refused: index === 0 ? [] : [{ index: 0, reason: 'no time' }],
        error: null,
      })),
      total: 2,
      unknownDevices: [],
      sources: [],
    };
    api.use(
      asStaff(),
      http.get(anyOrigin(endpoints.admin.android.requests), () => HttpResponse.json(reply)),
    );
    signedIn();
    await renderPortal('/admin/android?deviceIds=NPH-APP-0001');
    const table = await screen.findByRole(
      'table',
      { name: 'JSON ingest requests' },
      { timeout: 10_000 },
    );
    expect(within(table).getByText('#0: no time')).toBeInTheDocument();
    expect(within(table).queryByTestId('request-body')).toBeNull();
    const [first, second] = within(table).getAllByRole('button', { name: 'Body' });
    await userEvent.click(second as HTMLElement);
    await userEvent.click(first as HTMLElement);
    const bodies = within(table).getAllByTestId('request-body');
    expect(bodies.map((body) => JSON.parse(body.textContent ?? '').records[0].hours)).toEqual([
      1200, 1201,
    ]);
    await userEvent.click(first as HTMLElement);
    expect(within(table).getAllByTestId('request-body')).toHaveLength(1);
  });

  it('shows an organisation’s hire statuses by name and says whose settings were saved', async () => {
    const on = <K extends string>(keys: readonly K[]) =>
      Object.fromEntries(keys.map((key) => [key, true])) as Record<K, boolean>;
    const settings: OrganisationSettingsRecord = {
      id: MACHINE_ID,
      name: 'Northbank Plant Hire',
      type: 'rental',
      timezone: 'Europe/London',
      navigation: on(NAVIGATION_KEYS),
      modules: on(MODULE_KEYS),
      features: on(FEATURE_KEYS),
      machineName: 'name',
      routeMinSatellites: 4,
      hireStatuses: ['ON_HIRE', 'OFF_RENT_PENDING'],
      mandatoryFields: [],
      materials: [],
      manufacturers: [],
      dealerId: null,
      offHoursStartDate: '2026-01-01',
      loginDomains: [],
    };
    const saved: unknown[] = [];
    api.use(
      asStaff(),
      http.get(anyOrigin(pathTo(endpoints.admin.organisations.settings, { id: MACHINE_ID })), () =>
        HttpResponse.json(settings),
      ),
      http.put(
        anyOrigin(pathTo(endpoints.admin.organisations.settings, { id: MACHINE_ID })),
        async ({ request }) => {
          saved.push(await request.json());
          return HttpResponse.json(settings);
        },
      ),
    );
    signedIn();
    await renderPortal(`/admin/orgs/settings/${MACHINE_ID}`);
    // The portal's own status by its name, an ERP's as it is: never the raw ON_HIRE.
    expect(
      await screen.findByRole('button', { name: 'On hire' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OFF_RENT_PENDING' })).toBeInTheDocument();
    expect(screen.queryByText('ON_HIRE')).toBeNull();
    // A number in the user's notation, read back as a number.
    const satellites = screen.getByDisplayValue('4');
    await userEvent.clear(satellites);
    await userEvent.type(satellites, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Settings of Northbank Plant Hire saved: its people see them at their next page.',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ routeMinSatellites: 5 })]);

    // Erased for good on leaving, once its name is typed (issue 45).
    const erased: string[] = [];
    api.use(
      http.post(
        anyOrigin(pathTo(endpoints.admin.organisations.erasure, { id: MACHINE_ID })),
        ({ request }) => {
          erased.push(request.url);
          return HttpResponse.json({ id: MACHINE_ID, state: 'queued' }, { status: 202 });
        },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Erase organisation' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Erase organisation' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('The organisation’s name'),
      'Northbank Plant Hire',
    );
    await userEvent.click(confirm);
    expect(
      await screen.findByText(
        'Northbank Plant Hire is being erased; the signed receipt will be mailed to you.',
      ),
    ).toBeInTheDocument();
    expect(erased).toHaveLength(1);
  });

  it.each([
    '/admin/datacompleteness',
    '/admin/gateways',
    '/admin/gateways/register',
    '/admin/orgs/settings',
    `/admin/orgs/settings/${MACHINE_ID}`,
    '/admin/audit',
  ])('tells anyone but staff that %s is not theirs, asking nothing of the server', async (path) => {
    signedIn();
    await renderPortal(path);
    expect(
      await screen.findByText('This area is for staff.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // No list, no Register button, no refused call's toast.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: /Register/ })).toBeNull();
  });
});
