// The device screens against a mocked API: the device health dashboard counts, names the devices
// most in need of a visit and opens the list filtered by a count; a gateway's details show the
// sensors it heard with their signal.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayRecord, GatewayTrafficReply } from '../../src/domain/api/gateways.ts';
import type { SensorDashboardReply, SensorRecord } from '../../src/domain/api/sensors.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const sensor: SensorRecord = {
  id: '0d1f5c2a-3b4c-4d5e-8f60-718293a4b5c6',
  type: 'LORA',
  code: '70B3D5E75E100001',
  shortCode: null,
  oem: false,
  machineId: 'a1b2c3d4-0000-4000-8000-000000000001',
  machineName: 'Atlas Copco QAS 20',
  machineAssetId: 'NPH-1227',
  equipmentAssetId: null,
  equipmentAssetName: null,
  firstSeenAt: '2026-11-17T08:00:00.000Z',
  lastSeenAt: '2026-11-24T08:00:00.000Z',
  status: 'reporting',
  outOfServiceAt: null,
  expectedIntervalS: 600,
  batteryV: 3.245,
  batteryStatus: 'low',
  batteryAt: '2026-11-24T08:00:00.000Z',
  signalBars: 5,
  signalStatus: 'good',
  rssiDbm: -71,
  snrDb: 9,
  gsmLevel: null,
  signalAt: '2026-11-24T08:00:00.000Z',
};

const dashboard: SensorDashboardReply = {
  counts: {
    total: 40,
    reporting: 39,
    late: 0,
    silent: 1,
    never: 0,
    outOfService: 0,
    lowBattery: 1,
    weakSignal: 2,
    unassigned: 0,
  },
  worst: [{ sensor, problems: ['lowBattery'] }],
  trend: [{ day: '2026-11-24', reporting: 39, lowBattery: 1, weakSignal: 2, meanSignalBars: 4.1 }],
};

const gateway: GatewayRecord = {
  id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a',
  eui: '72:76:FF:00:39:04:01:01',
  kind: 'LORAWAN',
  name: 'Park Royal depot roof',
  model: 'Kerlink Wirnet iStation',
  organisationId: 'org-1',
  organisationName: 'Northbank Plant Hire',
  siteId: null,
  siteName: 'Northbank Depot Park Royal',
  latitude: 51.529,
  longitude: -0.276,
  status: 'online',
  lastUplinkAt: '2026-11-24T08:00:00.000Z',
  firstSeenAt: '2026-11-17T08:00:00.000Z',
  registeredAt: '2026-11-17T08:00:00.000Z',
  sensors24h: 1,
  uplinks24h: 144,
  expectedIntervalS: 600,
  offlineAfterS: 1800,
  networkServerUrl: null,
  networkId: 'nph-park-royal-roof',
};

const traffic: GatewayTrafficReply = {
  from: '2026-11-22T08:00:00.000Z',
  to: '2026-11-24T08:00:00.000Z',
  sensors: [
    {
      sourceId: sensor.id,
      type: 'LORA',
      code: '70B3D5E75E100002',
      machineId: null,
      machineName: null,
      uplinks: 288,
      rssiAvgDbm: -117.2,
      rssiBestDbm: -115,
      snrAvgDb: -13.5,
      signalBars: 0,
      lastHeardAt: '2026-11-24T07:50:00.000Z',
    },
  ],
  uplinksPerHour: [{ hour: '2026-11-24T07:00:00.000Z', uplinks: 6 }],
};

describe('device screens', () => {
  it('counts device health, names the worst device, and opens the list a count stands for', async () => {
    const asked: string[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.sensors.dashboard), () => HttpResponse.json(dashboard)),
      http.get(anyOrigin(endpoints.portal.sensors.root), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('filter') ?? '');
        return HttpResponse.json([sensor], { headers: { 'content-range': 'sensors 0-0/1' } });
      }),
    );
    signedIn();
    await renderPortal('/sensors/dashboard');
    const worst = await screen.findByTestId('worst-devices', {}, { timeout: 10_000 });
    const row = within(worst).getByText('70B3D5E75E100001').closest('tr') as HTMLElement;
    expect(within(row).getByText('Battery low')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Atlas Copco QAS 20 (NPH-1227)' }),
    ).toHaveAttribute('href', `/machines/${sensor.machineId}`);
    const weak = screen
      .getByText('Weak signal', { selector: '[data-count] *' })
      .closest('[data-count]');
    expect(weak).toHaveTextContent('2');
    await userEvent.click(
      within(
        screen
          .getByText('Low battery', { selector: '[data-count] p' })
          .closest('[data-count]') as HTMLElement,
      ).getByRole('button'),
    );
    await screen.findByText('70B3D5E75E100001', {}, { timeout: 10_000 });
    expect(JSON.parse(asked.at(-1) ?? '{}')).toEqual({ batteryStatus: 'low' });
  });

  it("shows a gateway's sensors with their reception, another organisation's without its machine", async () => {
    api.use(
      http.get(anyOrigin(endpoints.portal.gateways.item), () => HttpResponse.json(gateway)),
      http.get(anyOrigin(endpoints.portal.gateways.traffic), () => HttpResponse.json(traffic)),
    );
    signedIn();
    await renderPortal(`/gateways/${gateway.id}`);
    const heard = await screen.findByTestId('heard-sensors', {}, { timeout: 10_000 });
    const row = within(heard).getByText('70B3D5E75E100002').closest('tr') as HTMLElement;
    expect(within(row).getByText("Another organisation's sensor")).toBeInTheDocument();
    expect(within(row).getByText('-117.2')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '0 of 5 bars' })).toBeInTheDocument();
    expect(screen.getByText('72:76:FF:00:39:04:01:01')).toBeInTheDocument();
    expect(within(screen.getByTestId('gateway-details')).getByText('Online')).toBeInTheDocument();
  });
});
