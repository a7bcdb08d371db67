// Staff's organisation settings in en: /admin/orgs/settings.
export const organisationResourcesEn = {
  'admin/orgs/settings': {
    name: 'Organisation |||| Organisations',
    fields: {
      name: 'Name',
      type: 'Type',
      timezone: 'Time zone',
      users: 'Users',
      machines: 'Machines',
      createdAt: 'Created',
      machineName: 'Shown first',
      routeMinSatellites: 'Satellites a route point needs',
      hireStatuses: 'Hire statuses counted as hired',
      mandatoryFields: 'Fields onboarding requires',
      materials: 'Materials',
      manufacturers: 'Manufacturers',
      dealerId: 'Dealer id',
      offHoursStartDate: 'Off-hours data from',
      loginDomains: 'Sign-in host names',
      q: 'Search',
    },
  },
};

export const orgSettingsEn = {
  navigation: 'Navigation',
  modules: 'Modules',
  navigation_keys: {
    sites: 'Sites',
    routes: 'Routes',
    shifts: 'Shifts',
    gateways: 'Gateways',
    sensors: 'Sensors',
    equipment: 'Equipment',
  },
  modules_keys: {
    fuel: 'Fuel',
    co2: 'CO2',
    billing: 'Billing',
    tips: 'Tips',
    workCycle: 'Work cycles',
    documents: 'Documents',
    npa: 'NPA',
    equipmentBreakdown: 'Equipment breakdown',
    machineAdditionalInformation: 'Machine additional information',
    operatorAvailability: 'Operator availability',
    geofences: 'Geofences',
    notifications: 'Notifications',
    speed: 'Speed',
    active: 'Active',
  },
  features: 'Organisation-specific features',
  features_keys: {
    routePositions: 'Every position fix on routes',
  },

  machine_name_first: 'Machine name',
  asset_id_first: 'Asset id',
  timezone_help:
    "The time zone its days are counted in. A change recomputes every machine's days in the background.",
  login_domains_help:
    "Host names (such as fleet.example.com) whose sign-in page wears this organisation's brand; separate them with commas.",
  manufacturers_help: 'Makes offered besides those of its own fleet; separate them with commas.',
  saved: 'Settings of %{name} saved: its people see them at their next page.',
  hire_statuses_help:
    "The portal's own statuses by name; type another that your ERP sends and press Enter.",
  list_help: 'Separate the entries with commas.',
  /** The onboarding field siteId; the others are named as on the onboarding screen. */
  site: 'Site',
};

/** The organisation's own area: /organisation/… */
export const organisationAreaEn = {
  title: 'Organisation',
  account_id: 'Account ID',
  account_id_help: 'A rental company puts machines on hire to you with this ID.',
  tabs: {
    machines: 'Machines',
    users: 'Users',
    sites: 'Sites',
    brand: 'Brand',
    audit: 'Audit trail',
    integrations: 'Integrations',
    privacy: 'Privacy',
  },
};
