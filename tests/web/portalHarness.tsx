// Renders the real portal (real providers, real App) against an API mocked with msw.
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { App } from '../../src/App.tsx';
import type { PortalAuthProvider } from '../../src/authProvider/authProvider.ts';
import { tokenStore } from '../../src/api/tokenStore.ts';
import type { ClientErrorReport } from '../../src/domain/api/clientErrors.ts';
import type { MachineDetailsReply } from '../../src/domain/api/machineInfo.ts';
import type { MachineListReply, MachineRow } from '../../src/domain/api/machines.ts';
import { ACTIVITY_METRICS } from '../../src/domain/api/machines.ts';
import type { MeReply, UserSettingsReply } from '../../src/domain/api/session.ts';
import { DEFAULT_BRAND_CONFIGURATION } from '../../src/domain/brand.ts';
import { createI18nProvider, loadMessages } from '../../src/i18n/i18nProvider.ts';
import { LANGUAGES, readLanguage } from '../../src/i18n/languages.ts';
import { createProviders } from '../../src/providers.ts';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';
import { styleCache } from './styleCache.ts';

export const me: MeReply = {
  user: {
    id: 'u1',
    role: 'admin',
    email: 'admin@demo.example',
    firstName: 'Alex',
    lastName: 'Morgan',
    lastLogin: '2026-11-20T08:00:00.000Z',
  },
  organisation: {
    id: 'o1',
    name: 'Northbank Plant Hire',
    type: 'rental',
    rental: true,
    availableOrgs: [{ id: 'o1', name: 'Northbank Plant Hire', type: 'rental' }],
  },
};

export const settings: UserSettingsReply = {
  organisations: me.organisation.availableOrgs,
  navigation: {
    sites: true,
    routes: true,
    shifts: true,
    gateways: true,
    sensors: true,
    equipment: true,
  },
  modules: {
    fuel: true,
    co2: true,
    billing: true,
    tips: false,
    workCycle: true,
    documents: true,
    npa: false,
    equipmentBreakdown: true,
    machineAdditionalInformation: true,
    operatorAvailability: false,
    geofences: true,
    notifications: true,
    speed: true,
    active: true,
  },
  features: { routePositions: true },
  properties: {
    machineName: 'name',
    routeMinSatellites: 4,
    idleAlertMinutes: 30,
    lowBatteryAlertLevel: 'low',
    powerCutAlertV: 6,
  },
  hireStatuses: { hired: ['ON_HIRE'] },
  timezone: 'Europe/London',
  mandatoryFields: [],
  subscriptions: { enabled: false, subscriptions: [] },
  materials: [],
  manufacturers: ['JCB'],
  dealerId: null,
  offHoursStartDate: '2022-04-26',
  language: null,
  brandConfiguration: DEFAULT_BRAND_CONFIGURATION,
  alerts: [],
};

export function machineRow(overrides: Partial<MachineRow>): MachineRow {
  return {
    id: 'm1',
    name: 'JCB 3CX Sitemaster',
    assetID: 'NPH-0001',
    sources: [],
    hasActivity: false,
    isLearning: false,
    lastSeenAt: null,
    imageUrl: null,
    type: 'Backhoe loader',
    category: 'Loader',
    hiredStatus: 'ON_HIRE',
    customer: 'Harrow Civil Engineering',
    site: 'Brent Cross Viaduct',
    oem: 'JCB',
    group: null,
    manufacturingYear: 2021,
    ownershipType: 'Owned',
    owner: 'Northbank Plant Hire',
    note: null,
    contractNumber: 'C-1',
    hourMeter: null,
    hourMeterSource: null,
    hourMeterReadAt: null,
    meterDrifting: false,
    notToBeUsed: null,
    archived: null,
    breakdown: false,
    operator: null,
    location: null,
    activitySummary: Object.fromEntries(
      ACTIVITY_METRICS.map((m) => [m, { value: null }]),
    ) as MachineRow['activitySummary'],
    ...overrides,
  };
}

/** GET /v1/portal/machines/:id: the row, with its settings, editable by the caller. */
export function machineDetails(overrides: Partial<MachineDetailsReply>): MachineDetailsReply {
  return {
    ...machineRow(overrides),
    settings: {
      groupId: null,
      loadCapacity: null,
      additionalInformation: { fuelType: 'diesel' },
      hourMeterReading: null,
    },
    canEdit: true,
    ...overrides,
  };
}

export const machineList: MachineListReply = {
  machines: [
    machineRow({}),
    machineRow({
      id: 'm2',
      name: 'Bomag BW 120 AD-5',
      assetID: 'NPH-0002',
      hiredStatus: 'OFF_HIRE',
      customer: null,
      hourMeter: 1234.56,
      hourMeterSource: 'oem',
      hourMeterReadAt: '2026-11-20T09:30:00.000Z',
      meterDrifting: true,
      notToBeUsed: 'Thorough examination (LOLER)',
    }),
  ],
  total: 2,
  summary: {
    numberOfMachines: { value: 2 },
    onHire: { value: 1 },
    withActivity: { value: 0 },
    ...Object.fromEntries(ACTIVITY_METRICS.map((metric) => [metric, { value: null }])),
  } as MachineListReply['summary'],
};

export const PASSWORD = 'right-password';

/** Handlers for a healthy API; tests override single calls with server.use(). */
export const handlers = [
  http.post(anyOrigin(endpoints.portal.users.loginoptions), () => HttpResponse.json({})),
  http.get(anyOrigin(endpoints.auth.registration), () => HttpResponse.json({ open: true })),
  http.get(anyOrigin(endpoints.brand), () => HttpResponse.json({ brand: null })),
  http.post(anyOrigin(endpoints.auth.login), async ({ request }) => {
    const body = (await request.json()) as { password: string };
    if (body.password !== PASSWORD) {
      return HttpResponse.json(
        { statusCode: 401, code: 'INVALID_CREDENTIALS', error: 'Unauthorized', message: 'nope' },
        { status: 401 },
      );
    }
    return HttpResponse.json({ token: 'access-1', expiresIn: 900 });
  }),
  http.post(anyOrigin(endpoints.auth.logout), () => new HttpResponse(null, { status: 204 })),
  http.get(anyOrigin(endpoints.me.root), () => HttpResponse.json(me)),
  http.get(anyOrigin(endpoints.users.settings), () => HttpResponse.json(settings)),
  http.patch(anyOrigin(endpoints.users.settings), async ({ request }) => {
    const body = (await request.json()) as { language?: UserSettingsReply['language'] };
    return HttpResponse.json({ ...settings, language: body.language ?? settings.language });
  }),
  http.get(anyOrigin(endpoints.portal.machines.list), () => HttpResponse.json(machineList)),
  // The app bar's alert count.
  http.get(anyOrigin(endpoints.portal.alerts.unread), () => HttpResponse.json({ unread: 0 })),
  // What the details screen reads besides the machine and its activity.
  http.get(anyOrigin(endpoints.portal.fuel.item), () =>
    HttpResponse.json({ fuelType: 'diesel', levels: [], refills: [], thefts: [], days: [] }),
  ),
  http.get(anyOrigin(endpoints.portal.maps.layers), () =>
    HttpResponse.json({
      layers: [
        {
          name: 'OpenStreetMap',
          url: 'https://tile.invalid/{z}/{x}/{y}.png',
          attribution: 'test tiles',
          maxZoom: 19,
        },
      ],
    }),
  ),
  http.get(anyOrigin(endpoints.portal.groups.root), () =>
    HttpResponse.json({ groups: [{ id: 'g1', name: 'Earthmoving', numberOfMachines: 3 }] }),
  ),
  http.get(anyOrigin(endpoints.portal.machines.additionalInformationFormDropDownValues), () =>
    HttpResponse.json({
      fuelType: ['diesel', 'gas-oil'],
      emissionStandard: ['Stage V'],
      mandatoryFields: [],
    }),
  ),
  http.get(anyOrigin(endpoints.portal.machines.fuelSettings), () =>
    HttpResponse.json({ min_refuelling_amount: 10, min_dipping_amount: 15 }),
  ),
  http.get(anyOrigin(endpoints.portal.machines.fuelCalibration), () =>
    HttpResponse.json({ fileName: null, uploadedAt: null, points: [] }),
  ),
  // The machine's meter on its page: never read.
  http.get(anyOrigin(endpoints.portal.machines.meterReadings), () =>
    HttpResponse.json({
      lead: 'automatic',
      effectiveLead: 'computed',
      hourMeter: null,
      sources: [],
      drift: null,
      readings: [],
    }),
  ),
  // The staff home's drifting meters: none.
  http.get(anyOrigin(endpoints.admin.machines.meterDrift), () => HttpResponse.json([])),
  // The dashboard's hires needing the rental company: none.
  http.get(anyOrigin(endpoints.portal.hires.flags), () =>
    HttpResponse.json({ idleOnHire: 0, notReturned: 0 }),
  ),
  // The machine's hires on its page: none.
  http.get(anyOrigin(endpoints.portal.hires.root), () =>
    HttpResponse.json([], { headers: { 'content-range': 'hires 0-0/0' } }),
  ),
  // Maintenance: no plans, so no tasks on a machine's page and no Service due card.
  http.get(anyOrigin(endpoints.portal.servicePlans.root), () =>
    HttpResponse.json([], { headers: { 'content-range': 'service-plans 0-0/0' } }),
  ),
  http.get(anyOrigin(endpoints.portal.maintenance), () =>
    HttpResponse.json([], { headers: { 'content-range': 'maintenance 0-0/0' } }),
  ),
  http.get(anyOrigin(endpoints.portal.machines.services), () => HttpResponse.json([])),
  // Integrations: no API clients or webhooks yet.
  http.get(anyOrigin(endpoints.organisation.apiClients), () => HttpResponse.json([])),
  http.get(anyOrigin(endpoints.organisation.webhooks), () => HttpResponse.json([])),
  // Sign-in sessions: none listed unless a test says.
  http.get(anyOrigin(endpoints.auth.sessions), () => HttpResponse.json([])),
  http.get(anyOrigin(endpoints.users.sessions), () => HttpResponse.json([])),
  http.post(anyOrigin(endpoints.clientErrors), async ({ request }) => {
    clientErrorReports.push((await request.json()) as ClientErrorReport);
    return new HttpResponse(null, { status: 204 });
  }),
];

/** The error reports the portal sent, in order (tests clear it). */
export const clientErrorReports: ClientErrorReport[] = [];

export const api = setupServer(...handlers);

export function signedIn(expiresInS = 900): void {
  tokenStore.set({ token: 'access-1', expiresIn: expiresInS });
}

/** `instrument` may wrap the real authProvider's methods, to count calls. */
export async function renderPortal(
  path = '/',
  instrument?: (authProvider: PortalAuthProvider) => void,
) {
  window.history.replaceState(null, '', path);
  const locale = readLanguage(document.cookie, LANGUAGES);
  await loadMessages(locale);
  const i18nProvider = createI18nProvider(locale, LANGUAGES);
  const { authProvider, dataProvider } = createProviders(i18nProvider);
  instrument?.(authProvider);
  return render(
    <CacheProvider value={styleCache()}>
      <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} />
    </CacheProvider>,
  );
}
