// Every screen's path (spec point 2) and the one way to build a link to it. App.tsx routes by
// these paths and every link, menu entry and navigation is built here, so a path is written once.

type Query = Record<string, string | null | undefined> | URLSearchParams;

/** The path with the query's non-empty parameters (spec point 5: empty ones are dropped). */
function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  const entries = query instanceof URLSearchParams ? [...query] : Object.entries(query ?? {});
  for (const [key, value] of entries) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const segment = (id: string) => encodeURIComponent(id);

export const PATHS = {
  machines: '/machines',
  /** The alerts resource's list; alert mails link here. */
  alerts: '/alerts',
  machineList: '/machines/list',
  machine: '/machines/:id',
  machineOnboard: '/machines/onboard',
  dashboard: '/dashboard',
  map: '/map',
  heatmap: '/heatmap',
  routes: '/routes',
  geofences: '/geofences',
  sitesPortal: '/sites/portal',
  siteForm: '/portal/sites/create',
  sitesOverview: '/overview/sites',
  siteOverview: '/overview/sites/:id',
  activityTimeline: '/overview/activity-timeline/:id',
  login: '/login',
  loginSelection: '/login-selection',
  forgotPassword: '/forgot-password',
  forgotPasswordSuccess: '/forgot-password/success',
  resetPassword: '/forgot-password/reset',
  register: '/register',
  rsvp: '/rsvp',
  sso: '/sso',
  ssoCallback: '/sso/cognito-cil',
  customToken: '/int_fftools',
  secondFactor: '/user/second-factor',
  userSettings: '/user/settings',
  organisation: '/organisation',
  organisationMachines: '/organisation/machines',
  organisationUsers: '/organisation/users',
  organisationSites: '/organisation/sites',
  brandConfiguration: '/organisation/brand-configuration',
  unsubscribe: '/unsubscribe',
  users: '/users',
  userList: '/users/list',
  user: '/users/:id',
  portalUsers: '/portal/users',
  portalUserList: '/portal/users/list',
  organisationSettings: '/admin/orgs/settings',
  organisationSettingsList: '/admin/orgs/settings/list',
  portalMultipleUsers: '/portal/multiple/users',
  gateways: '/gateways',
  gatewayList: '/gateways/list',
  adminGateways: '/admin/gateways',
  admin: '/admin',
  adminMachine: '/admin/machines/:id',
  adminCoverage: '/admin/coverage',
  adminAndroid: '/admin/android',
  adminArya: '/admin/arya',
  adminTeltonika: '/admin/teltonika',
  adminCompleteness: '/admin/datacompleteness',
  adminOemFeeds: '/admin/oem-feeds',
  adminOutbox: '/admin/outbox',
  adminAudit: '/admin/audit',
  organisationAudit: '/organisation/audit',
  organisationIntegrations: '/organisation/integrations',
  organisationPrivacy: '/organisation/privacy',
  sensors: '/sensors',
  sensorsDashboard: '/sensors/dashboard',
  sensorOff: '/sensor/off',
  qr: '/qr',
  equipment: '/equipment',
  assets: '/equipment/assets',
  assetList: '/equipment/assets/list',
  assetDetails: '/equipment/assets/details/:id',
  assetOnboard: '/equipment/assets/onboard',
  assetLabel: '/asset/:id',
  files: '/files',
  createReportsFile: '/create-reports-file',
  reports: '/reports',
  mmReports: '/mm-reports',
  userReportCategories: '/portal/cil-user-reports',
} as const;

/** Paths below a resource's own (react-admin mounts them under the resource's name). */
export const RESOURCE_ROUTES = {
  gateway: ':id',
  gatewayEdit: ':id/edit',
  gatewayRegister: 'register',
  gatewayConfigure: ':id/configure',
  sensorsDashboard: 'dashboard',
  assetList: 'list',
  assetDetails: 'details/:id',
  assetOnboard: 'onboard',
} as const;

/** The tabs of the organisation's own area, in order. */
export const ORGANISATION_TABS = [
  { key: 'machines', path: PATHS.organisationMachines },
  { key: 'users', path: PATHS.organisationUsers },
  { key: 'sites', path: PATHS.organisationSites },
  { key: 'brand', path: PATHS.brandConfiguration },
  { key: 'audit', path: PATHS.organisationAudit },
  { key: 'integrations', path: PATHS.organisationIntegrations },
  { key: 'privacy', path: PATHS.organisationPrivacy },
] as const;

export const links = {
  machines: (query?: Query) => withQuery(PATHS.machines, query),
  alerts: (query?: Query) => withQuery(PATHS.alerts, query),
  machine: (id: string, query?: Query) => withQuery(`/machines/${segment(id)}`, query),
  machineOnboard: (query?: Query) => withQuery(PATHS.machineOnboard, query),
  dashboard: (query?: Query) => withQuery(PATHS.dashboard, query),
  map: (query?: Query) => withQuery(PATHS.map, query),
  heatmap: (query?: Query) => withQuery(PATHS.heatmap, query),
  routes: (query?: Query) => withQuery(PATHS.routes, query),
  geofences: (siteId?: string) => withQuery(PATHS.geofences, { siteId }),
  sitesPortal: (query?: Query) => withQuery(PATHS.sitesPortal, query),
  /** A new site, or with its id an existing one (spec point 2: ?siteId=). */
  siteForm: (siteId?: string) => withQuery(PATHS.siteForm, { siteId }),
  sitesOverview: (query?: Query) => withQuery(PATHS.sitesOverview, query),
  siteOverview: (id: string, query?: Query) => withQuery(`/overview/sites/${segment(id)}`, query),
  activityTimeline: (id: string, date?: string) =>
    withQuery(`/overview/activity-timeline/${segment(id)}`, { date }),
  /** The sign-in, with the e-mail step filled in when known. */
  login: (email?: string) => withQuery(PATHS.login, { email }),
  loginSelection: () => PATHS.loginSelection,
  forgotPassword: (email?: string) => withQuery(PATHS.forgotPassword, { email }),
  forgotPasswordSuccess: (email: string) => withQuery(PATHS.forgotPasswordSuccess, { email }),
  register: () => PATHS.register,
  sso: (email: string) => withQuery(PATHS.sso, { email }),
  users: (query?: Query) => withQuery(PATHS.users, query),
  user: (id: string) => `/users/${segment(id)}`,
  portalUsers: (query?: Query) => withQuery(PATHS.portalUsers, query),
  organisationSettings: (query?: Query) => withQuery(PATHS.organisationSettings, query),
  portalUser: (id: string) => `/portal/users/${segment(id)}`,
  portalMultipleUsers: () => PATHS.portalMultipleUsers,
  gateways: (query?: Query) => withQuery(PATHS.gateways, query),
  gateway: (id: string) => `/gateways/${segment(id)}`,
  gatewayEdit: (id: string) => `/gateways/${segment(id)}/edit`,
  adminGateways: (query?: Query) => withQuery(PATHS.adminGateways, query),
  admin: () => PATHS.admin,
  adminMachine: (id: string, query?: Query) => withQuery(`/admin/machines/${segment(id)}`, query),
  /** searchType gateway or sensor, sensors, gateways, startDate, endDate (spec point 2). */
  adminCoverage: (query?: Query) => withQuery(PATHS.adminCoverage, query),
  /** deviceIds, startDate, endDate (spec point 2), for /admin/android, /admin/arya, /admin/teltonika. */
  adminAndroid: (query?: Query) => withQuery(PATHS.adminAndroid, query),
  adminArya: (query?: Query) => withQuery(PATHS.adminArya, query),
  adminTeltonika: (query?: Query) => withQuery(PATHS.adminTeltonika, query),
  adminCompleteness: (query?: Query) => withQuery(PATHS.adminCompleteness, query),
  adminGateway: (id: string) => `/admin/gateways/${segment(id)}/edit`,
  adminGatewayConfigure: (id: string) => `/admin/gateways/${segment(id)}/configure`,
  /** Staff register a gateway, its EUI filled in when it was heard already. */
  adminGatewayRegister: (eui?: string) => withQuery('/admin/gateways/register', { eui }),
  /** The sensors list, with react-admin's own filter parameter (JSON). */
  sensors: (filter?: Record<string, unknown>) =>
    withQuery(PATHS.sensors, { filter: filter ? JSON.stringify(filter) : undefined }),
  sensorsDashboard: () => PATHS.sensorsDashboard,
  /** Out of service and back, for the sensor with this id. */
  sensorOff: (sensor?: string) => withQuery(PATHS.sensorOff, { sensor }),
  equipment: () => PATHS.equipment,
  assetList: (query?: Query) => withQuery(PATHS.assetList, query),
  /** An asset over a range (its list's, when it was opened from there). */
  assetDetails: (id: string, query?: Query) =>
    withQuery(`/equipment/assets/details/${segment(id)}`, query),
  /** Fitting a tracker to an asset, the device's code and claim code filled in when known. */
  assetOnboard: (query?: Query) => withQuery(PATHS.assetOnboard, query),
  /** The short link printed on an asset's label. */
  assetLabel: (id: string) => `/asset/${segment(id)}`,
  /** Documents, or with showFilesTab=reports the report files; filter and dates (from, to). */
  files: (query?: Query) => withQuery(PATHS.files, query),
  /** A report file to make: its type and the machine list's filter and site when known. */
  createReportsFile: (query?: Query) => withQuery(PATHS.createReportsFile, query),
  /** The user's reports and the scheduled reports; reportId opens one schedule's runs. */
  reports: (query?: Query) => withQuery(PATHS.reports, query),
  /** A report opened as a page: its type (report) and a site. */
  mmReports: (query?: Query) => withQuery(PATHS.mmReports, query),
  /** Where an admin chooses a user's report categories. */
  userReportCategories: (userId?: string) => withQuery(PATHS.userReportCategories, { userId }),
};
