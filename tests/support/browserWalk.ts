// Walking the portal's screens in Chromium: a page that knows when a screen has settled (no
// request under way for a moment), the demo's ids to fill the routes with, and the routes each
// user group opens. The URL walk (tests/e2e/urls.test.ts) and the user walks (walks.test.ts) use it.
import type { Page, Request } from 'playwright-core';

/** How long no request may be under way before a screen counts as shown. */
const QUIET_MS = 250;
const SETTLE_MAX_MS = 10_000;

/** Keeps count of a page's requests under way; `settle` waits until there are none for a while. */
export function settler(page: Page): () => Promise<void> {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  // Bounded, so a screen that polls cannot hold the walk.
  return async () => {
    let quietSinceMs = Date.now();
    for (const untilMs = Date.now() + SETTLE_MAX_MS; Date.now() < untilMs;) {
      if (pending.size > 0) quietSinceMs = Date.now();
      else if (Date.now() - quietSinceMs >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
}

/** A demo user's bearer token, for the calls that find ids and set the language. */
export async function tokenOf(url: string, email: string): Promise<string> {
  const login = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-portal-1' }),
  });
  const body = (await login.json()) as { token?: string; organisations?: { id: string }[] };
  if (!body.token) throw new Error(`no token for ${email}: ${JSON.stringify(body)}`);
  return body.token;
}

export async function callAs<T>(
  url: string,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface DemoIds {
  machine: string;
  site: string;
  gateway: string;
  asset: string;
  user: string;
  hire: string;
  plan: string;
  checkTemplate: string;
  organisation: string;
}

/** The first of each thing the demo admin's organisation has, to open its screens with. */
export async function demoIds(url: string, token: string): Promise<DemoIds> {
  const get = <T>(path: string) => callAs<T>(url, token, path);
  const first = (rows: { id: string }[], what: string) => {
    if (!rows[0]) throw new Error(`the demo has no ${what}`);
    return rows[0].id;
  };
  const range = `range=${encodeURIComponent('[0,0]')}`;
  const [machines, sites, gateways, assets, users, hires, plans, checkTemplates, me] =
    await Promise.all([
      get<{ machines: { id: string }[] }>('/v1/portal/machines/list?start=max&end=max&perPage=1'),
      get<{ sites: { id: string }[] }>('/v1/portal/sites'),
      get<{ id: string }[]>(`/v1/portal/gateways?${range}`),
      get<{ id: string }[]>(`/v1/portal/assets?${range}`),
      get<{ id: string }[]>(`/v1/users?${range}`),
      get<{ id: string }[]>(`/v1/portal/hires?${range}`),
      get<{ id: string }[]>(`/v1/portal/service-plans?${range}`),
      get<{ id: string }[]>(`/v1/portal/check-templates?${range}`),
      get<{ organisation: { id: string } }>('/v1/me'),
    ]);
  return {
    machine: first(machines.machines, 'machine'),
    site: first(sites.sites, 'site'),
    gateway: first(gateways, 'gateway'),
    asset: first(assets, 'asset'),
    user: first(users, 'user'),
    hire: first(hires, 'hire'),
    plan: first(plans, 'service plan'),
    checkTemplate: first(checkTemplates, 'check template'),
    organisation: me.organisation.id,
  };
}

/** Every screen an organisation's people open (spec point 2), with the demo's ids. */
export const organisationRoutes = (ids: DemoIds): string[] => [
  '/machines/list',
  `/machines/${ids.machine}`,
  '/machines/onboard',
  '/equipment',
  '/equipment/assets/list',
  `/equipment/assets/details/${ids.asset}`,
  `/asset/${ids.asset}`,
  '/equipment/assets/onboard',
  '/sensors',
  '/sensors/dashboard',
  '/sensor/off',
  '/users/list',
  `/users/${ids.user}`,
  '/portal/users/list',
  `/portal/users/${ids.user}`,
  '/portal/multiple/users',
  `/portal/cil-user-reports?userId=${ids.user}`,
  '/sites/portal',
  '/portal/sites/create',
  `/portal/sites/create?siteId=${ids.site}`,
  '/overview/sites',
  `/overview/sites/${ids.site}`,
  `/overview/activity-timeline/${ids.site}`,
  '/files',
  '/files?showFilesTab=reports',
  '/dashboard',
  '/reports',
  '/mm-reports?report=fleet-utilisation',
  '/create-reports-file',
  '/map',
  '/heatmap',
  `/routes?machineId=${ids.machine}`,
  `/geofences?siteId=${ids.site}`,
  '/gateways/list',
  `/gateways/${ids.gateway}`,
  `/gateways/${ids.gateway}/edit`,
  '/organisation',
  '/organisation/machines',
  '/organisation/users',
  '/organisation/sites',
  '/organisation/brand-configuration',
  '/organisation/audit',
  '/organisation/integrations',
  '/organisation/privacy',
  '/admin/shifts',
  '/hires',
  '/hires/create',
  `/hires/${ids.hire}/show`,
  `/hires/${ids.hire}`,
  '/maintenance',
  '/maintenance/plans',
  '/maintenance/plans/create',
  `/maintenance/plans/${ids.plan}`,
  '/check-templates',
  '/check-templates/create',
  `/check-templates/${ids.checkTemplate}`,
  '/alerts',
  '/user/settings',
  '/qr',
  '/not-found',
];

/** The staff's own screens, with devices that have traffic in the demo. */
export const staffRoutes = (ids: DemoIds): string[] => [
  '/admin',
  `/admin/machines/${ids.machine}`,
  '/admin/coverage?searchType=sensor&sensors=70B3D5E75E100002',
  '/admin/android?deviceIds=NPH-APP-0001',
  '/admin/arya?deviceIds=70B3D5E75E100002',
  '/admin/teltonika?deviceIds=357309051000001',
  '/admin/datacompleteness',
  '/admin/gateways',
  `/admin/gateways/${ids.gateway}/edit`,
  `/admin/gateways/${ids.gateway}/configure`,
  '/admin/gateways/register',
  '/admin/orgs/settings/list',
  `/admin/orgs/settings/${ids.organisation}`,
  '/admin/oem-feeds',
  '/admin/outbox',
  '/admin/audit',
];
