// Every /v1 path, named once: the server registers its routes with these, the portal's provider
// calls them and the web tests' msw handlers answer them. A path's `:name` segments are filled by
// pathTo. The server's HTTP tests keep writing paths out, as a client would: a path renamed here
// then fails them instead of moving with the server.

/** Below this root react-admin's simple REST provider builds the CRUD resources' paths. */
export const API_ROOT = '/v1';

/** The refresh cookie's path: sent with the sign-in's calls only, never to the rest of the API. */
export const AUTH_ROOT = '/v1/auth';

/** Below this root devices post: the ingest and the network servers' webhooks, limited apart. */
export const INGEST_ROOT = '/v1/ingest/';

export const endpoints = {
  admin: {
    android: {
      requests: '/v1/admin/android/requests',
    },
    arya: {
      uplinks: '/v1/admin/arya/uplinks',
    },
    audit: '/v1/admin/audit',
    coverage: '/v1/admin/coverage',
    datacompleteness: {
      root: '/v1/admin/datacompleteness',
      item: '/v1/admin/datacompleteness/:id',
    },
    gateways: {
      root: '/v1/admin/gateways',
      item: '/v1/admin/gateways/:id',
      configuration: '/v1/admin/gateways/:id/configuration',
      traffic: '/v1/admin/gateways/:id/traffic',
    },
    ingest: {
      quarantine: '/v1/admin/ingest/quarantine',
    },
    machines: {
      item: '/v1/admin/machines/:id',
      meterDrift: '/v1/admin/machines/meter-drift',
      day: '/v1/admin/machines/:id/day',
      recomputes: '/v1/admin/machines/:id/recomputes',
      recomputesItem: '/v1/admin/machines/:id/recomputes/:runId',
    },
    oemFeeds: {
      root: '/v1/admin/oem-feeds',
      item: '/v1/admin/oem-feeds/:id',
      equipment: '/v1/admin/oem-feeds/:id/equipment',
      poll: '/v1/admin/oem-feeds/:id/poll',
    },
    /** Whole organisations erased, with their receipts (issue 45). */
    erasures: '/v1/admin/erasures',
    organisations: {
      erasure: '/v1/admin/organisations/:id/erasure',
      secondFactor: '/v1/admin/organisations/:id/second-factor',
      settings: '/v1/admin/organisations/:id/settings',
      list: '/v1/admin/organisations/list',
    },
    outbox: {
      root: '/v1/admin/outbox',
      retry: '/v1/admin/outbox/:id/retry',
    },
    overview: '/v1/admin/overview',
    reports: {
      categories: '/v1/admin/reports/categories',
    },
    sensors: {
      labels: '/v1/admin/sensors/labels',
    },
    sources: {
      apiKey: '/v1/admin/sources/:id/api-key',
    },
    ssoProviders: {
      root: '/v1/admin/sso-providers',
      item: '/v1/admin/sso-providers/:id',
    },
    teltonika: {
      commands: '/v1/admin/teltonika/commands',
      connections: '/v1/admin/teltonika/connections',
      records: '/v1/admin/teltonika/records',
    },
    user: {
      reportsCategories: '/v1/admin/user/:userId/reports/categories',
    },
  },
  auth: {
    customToken: '/v1/auth/custom-token',
    exchange: '/v1/auth/exchange',
    login: '/v1/auth/login',
    logout: '/v1/auth/logout',
    refresh: '/v1/auth/refresh',
    register: '/v1/auth/register',
    registerConfirm: '/v1/auth/register/confirm',
    registration: '/v1/auth/registration',
    resetPassword: '/v1/auth/reset-password',
    resetPasswordCheck: '/v1/auth/reset-password/check',
    resetPasswordConfirm: '/v1/auth/reset-password/confirm',
    secondFactorSetup: '/v1/auth/second-factor/setup',
    /** The caller's own sign-in sessions (issue 45); DELETE on the list ends all but the current. */
    sessions: '/v1/auth/sessions',
    session: '/v1/auth/sessions/:id',
    ssoCallback: '/v1/auth/sso/callback',
    ssoSamlAcs: '/v1/auth/sso/saml/:providerId/acs',
    ssoSamlMetadata: '/v1/auth/sso/saml/:providerId/metadata',
    ssoStart: '/v1/auth/sso/start',
  },
  brand: '/v1/brand',
  brandManifest: '/v1/brand/manifest',
  brandIcon: '/v1/brand/icon',
  brandLogos: {
    item: '/v1/brand-logos/:organisationId/:name',
  },
  clientErrors: '/v1/client-errors',
  health: {
    root: '/v1/health',
    live: '/v1/health/live',
    ready: '/v1/health/ready',
  },
  /** ISO 15143-3 (AEMP 2.0) out, with the OAuth 2.0 token endpoint its clients use (issue 43). */
  iso: {
    token: '/v1/iso/token',
    fleet: '/v1/iso/Fleet/:pageNumber',
    equipment: '/v1/iso/Fleet/Equipment/ID/:equipmentId',
    series:
      '/v1/iso/Fleet/Equipment/ID/:equipmentId/:element/:startDateUTC/:endDateUTC/:pageNumber',
  },
  ingest: {
    records: '/v1/ingest/records',
    digitalMatter: '/v1/ingest/digitalmatter',
    lorawanTts: '/v1/ingest/lorawan/tts',
    lorawanChirpstack: '/v1/ingest/lorawan/chirpstack',
  },
  machineImages: {
    item: '/v1/machine-images/:imageId',
  },
  machines: {
    item: '/v1/machines/:id',
    activity: '/v1/machines/:id/activity',
    archive: '/v1/machines/:id/archive',
    image: '/v1/machines/:id/image',
    operator: '/v1/machines/:id/operator',
    profile: '/v1/machines/:id/profile',
    unarchive: '/v1/machines/:id/unarchive',
    vhm: '/v1/machines/:id/vhm',
    workActivity: '/v1/machines/:id/work_activity',
    list: '/v1/machines/list',
  },
  me: {
    root: '/v1/me',
    secondFactor: '/v1/me/second-factor',
    secondFactorDisable: '/v1/me/second-factor/disable',
    secondFactorEnable: '/v1/me/second-factor/enable',
    secondFactorRecoveryCodes: '/v1/me/second-factor/recovery-codes',
    secondFactorSetup: '/v1/me/second-factor/setup',
  },
  openapiJson: '/v1/openapi.json',
  /** Prometheus's scrape, behind METRICS_TOKEN (issue 45); outside /v1, where scrapers look. */
  metrics: '/metrics',
  organisation: {
    apiClients: '/v1/organisation/api-clients',
    apiClient: '/v1/organisation/api-clients/:id',
    audit: '/v1/organisation/audit',
    settingsAlerts: '/v1/organisation/settings/alerts',
    settingsRental: '/v1/organisation/settings/rental',
    settingsRetention: '/v1/organisation/settings/retention',
    erasures: '/v1/organisation/erasures',
    exports: '/v1/organisation/exports',
    export: '/v1/organisation/exports/:id',
    settingsRoutePoints: '/v1/organisation/settings/route-points',
    webhooks: '/v1/organisation/webhooks',
    webhook: '/v1/organisation/webhooks/:id',
    webhookTest: '/v1/organisation/webhooks/:id/test',
    webhookDeliveries: '/v1/organisation/webhooks/:id/deliveries',
    webhookReplay: '/v1/organisation/webhooks/:id/deliveries/:deliveryId/replay',
  },
  portal: {
    alerts: {
      root: '/v1/portal/alerts',
      seen: '/v1/portal/alerts/seen',
      unread: '/v1/portal/alerts/unread',
    },
    assets: {
      root: '/v1/portal/assets',
      item: '/v1/portal/assets/:id',
      labels: '/v1/portal/assets/labels',
      onboard: '/v1/portal/assets/onboard',
    },
    brandconfig: '/v1/portal/brandconfig',
    dashboard: '/v1/portal/dashboard',
    equipment: '/v1/portal/equipment',
    files: {
      root: '/v1/portal/files',
      item: '/v1/portal/files/:id',
      download: '/v1/portal/files/:id/download',
    },
    filters: {
      root: '/v1/portal/filters',
      saved: '/v1/portal/filters/saved',
    },
    fuel: {
      item: '/v1/portal/fuel/:id',
    },
    gateways: {
      root: '/v1/portal/gateways',
      item: '/v1/portal/gateways/:id',
      traffic: '/v1/portal/gateways/:id/traffic',
    },
    groups: {
      root: '/v1/portal/groups',
      item: '/v1/portal/groups/:id',
    },
    maintenance: '/v1/portal/maintenance',
    checkTemplates: {
      root: '/v1/portal/check-templates',
      item: '/v1/portal/check-templates/:id',
    },
    servicePlans: {
      root: '/v1/portal/service-plans',
      item: '/v1/portal/service-plans/:id',
      choices: '/v1/portal/service-plans/choices',
    },
    hires: {
      root: '/v1/portal/hires',
      item: '/v1/portal/hires/:id',
      byContract: '/v1/portal/hires/by-contract/:contractNumber/:assetId',
      customers: '/v1/portal/hires/customers',
      flags: '/v1/portal/hires/flags',
      extend: '/v1/portal/hires/:id/extend',
      import: '/v1/portal/hires/import',
      offHire: '/v1/portal/hires/:id/off-hire',
      swap: '/v1/portal/hires/:id/swap',
      checks: '/v1/portal/hires/:id/checks',
      checkDifferences: '/v1/portal/hires/:id/checks/differences',
      checkTemplate: '/v1/portal/hires/:id/checks/template',
      checkPhoto: '/v1/portal/hires/:id/checks/photos/:fileId',
      sheet: '/v1/portal/hires/:id/pdf',
      usage: '/v1/portal/hires/:id/usage',
    },
    machines: {
      item: '/v1/portal/machines/:id',
      activitySummary: '/v1/portal/machines/:id/activity/summary',
      additionalInformation: '/v1/portal/machines/:id/additional-information',
      breakdown: '/v1/portal/machines/:id/breakdown',
      fuelCalibration: '/v1/portal/machines/:id/fuel/calibration',
      fuelSettings: '/v1/portal/machines/:id/fuel/settings',
      groups: '/v1/portal/machines/:id/groups',
      health: '/v1/portal/machines/:id/health',
      loadCapacity: '/v1/portal/machines/:id/load_capacity',
      meterLead: '/v1/portal/machines/:id/meter-lead',
      meterReadings: '/v1/portal/machines/:id/meter-readings',
      services: '/v1/portal/machines/:id/services',
      service: '/v1/portal/machines/:id/services/:serviceId',
      vhm: '/v1/portal/machines/:id/vhm',
      additionalInformationFormDropDownValues:
        '/v1/portal/machines/additional-information/form-drop-down-values',
      fuelCalibrationTemplate: '/v1/portal/machines/fuel/calibration/template',
      list: '/v1/portal/machines/list',
      onboard: '/v1/portal/machines/onboard',
      report: '/v1/portal/machines/report',
    },
    maps: {
      root: '/v1/portal/maps',
      cyclesItem: '/v1/portal/maps/cycles/:id',
      heatmap: '/v1/portal/maps/heatmap',
      layers: '/v1/portal/maps/layers',
      live: '/v1/portal/maps/live',
      routes: '/v1/portal/maps/routes',
      routesReport: '/v1/portal/maps/routes/report',
      shareLatestLocationItem: '/v1/portal/maps/share/latest_location/:id',
      speedheatmap: '/v1/portal/maps/speedheatmap',
      summary: '/v1/portal/maps/summary',
    },
    qr: {
      item: '/v1/portal/qr/:code',
    },
    reports: {
      files: '/v1/portal/reports/files',
      filesItem: '/v1/portal/reports/files/:id',
      filesDownload: '/v1/portal/reports/files/:id/download',
      schedules: '/v1/portal/reports/schedules',
      schedulesItem: '/v1/portal/reports/schedules/:id',
      schedulesRun: '/v1/portal/reports/schedules/:id/run',
      schedulesRuns: '/v1/portal/reports/schedules/:id/runs',
    },
    sensors: {
      root: '/v1/portal/sensors',
      item: '/v1/portal/sensors/:id',
      attachment: '/v1/portal/sensors/attachment',
      inService: '/v1/portal/sensors/:id/in-service',
      outOfService: '/v1/portal/sensors/:id/out-of-service',
      itemAttachment: '/v1/portal/sensors/:id/attachment',
      attachmentTankCapacity: '/v1/portal/sensors/attachment/:id/tank-capacity',
      dashboard: '/v1/portal/sensors/dashboard',
    },
    shifts: {
      root: '/v1/portal/shifts',
      item: '/v1/portal/shifts/:id',
    },
    sites: {
      root: '/v1/portal/sites',
      item: '/v1/portal/sites/:id',
      timeline: '/v1/portal/sites/:id/timeline',
      overview: '/v1/portal/sites/overview',
    },
    sources: {
      unassigned: '/v1/portal/sources/unassigned',
      unassignedItem: '/v1/portal/sources/unassigned/:code',
    },
    users: {
      root: '/v1/portal/users',
      loginoptions: '/v1/portal/users/loginoptions',
      organisations: '/v1/portal/users/organisations',
    },
  },
  privacy: {
    download: '/v1/privacy/exports/download',
    keys: '/v1/privacy/keys',
    verify: '/v1/privacy/receipts/verify',
  },
  reports: {
    download: '/v1/reports/download',
    view: '/v1/reports/view',
  },
  shared: {
    latestLocationItem: '/v1/shared/latest_location/:token',
  },
  user: {
    reports: '/v1/user/reports',
    reportsToken: '/v1/user/reports/:id/token',
  },
  users: {
    root: '/v1/users',
    item: '/v1/users/:id',
    reinvite: '/v1/users/:id/reinvite',
    /** A member's sign-in sessions, for the organisation's admins (issue 45). */
    sessions: '/v1/users/:id/sessions',
    session: '/v1/users/:id/sessions/:sessionId',
    delete: '/v1/users/delete',
    invitation: '/v1/users/invitation',
    invitationAccept: '/v1/users/invitation/accept',
    invitationValidate: '/v1/users/invitation/validate',
    settings: '/v1/users/settings',
    unsubscribe: '/v1/users/unsubscribe',
  },
} as const;

/** The `:name` segments of a path template, each a value to fill in. */
export type PathParams<Template extends string> =
  Template extends `${string}:${infer Name}/${infer Rest}`
    ? Record<Name, string | number> & PathParams<`/${Rest}`>
    : Template extends `${string}:${infer Name}`
      ? Record<Name, string | number>
      : Record<never, never>;

/** The template with each `:name` segment replaced by its value, encoded. */
export function pathTo<Template extends string>(
  template: Template,
  params: PathParams<Template>,
): string {
  const values = params as Record<string, string | number>;
  return template.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
