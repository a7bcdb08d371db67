// Staff's organisation settings in nl: /admin/orgs/settings.
export const organisationResourcesNl = {
  'admin/orgs/settings': {
    name: 'Organisatie |||| Organisaties',
    fields: {
      name: 'Naam',
      type: 'Soort',
      timezone: 'Tijdzone',
      users: 'Gebruikers',
      machines: 'Machines',
      createdAt: 'Aangemaakt',
      machineName: 'Eerst getoond',
      routeMinSatellites: 'Satellieten per routepunt',
      hireStatuses: 'Huurstatussen die als verhuurd tellen',
      mandatoryFields: 'Verplichte velden bij aanmelden',
      materials: 'Materialen',
      manufacturers: 'Fabrikanten',
      dealerId: 'Dealer-id',
      offHoursStartDate: 'Gegevens buiten werktijd vanaf',
      loginDomains: 'Aanmeld-hostnamen',
      q: 'Zoeken',
    },
  },
};

export const orgSettingsNl = {
  navigation: 'Navigatie',
  modules: 'Modules',
  navigation_keys: {
    sites: 'Locaties',
    routes: 'Routes',
    shifts: 'Diensten',
    gateways: 'Gateways',
    sensors: 'Sensoren',
    equipment: 'Materieel',
  },
  modules_keys: {
    fuel: 'Brandstof',
    co2: 'CO2',
    billing: 'Facturering',
    tips: 'Tips',
    workCycle: 'Werkcycli',
    documents: 'Documenten',
    npa: 'NPA',
    equipmentBreakdown: 'Storingen',
    machineAdditionalInformation: 'Aanvullende machine-informatie',
    operatorAvailability: 'Beschikbaarheid machinisten',
    geofences: 'Geofences',
    notifications: 'Meldingen',
    speed: 'Snelheid',
    active: 'Actief',
  },
  features: 'Organisatiespecifieke functies',
  features_keys: {
    routePositions: 'Elke positiebepaling op routes',
  },

  machine_name_first: 'Machinenaam',
  asset_id_first: 'Inventarisnummer',
  timezone_help:
    'De tijdzone waarin de dagen worden geteld. Een wijziging herberekent op de achtergrond de dagen van alle machines.',
  login_domains_help:
    'Hostnamen (zoals fleet.example.com) waarvan de aanmeldpagina de huisstijl van deze organisatie draagt; gescheiden door komma’s.',
  manufacturers_help: "Aangeboden merken naast die van de eigen vloot; scheid ze met komma's.",
  saved: 'Instellingen van %{name} opgeslagen: de leden zien ze op hun volgende pagina.',
  hire_statuses_help:
    'De eigen statussen van het portaal op naam; typ een andere die uw ERP stuurt en druk op Enter.',
  list_help: 'Scheid de items met komma’s.',
  /** The onboarding field siteId; the others are named as on the onboarding screen. */
  site: 'Locatie',
};

/** The organisation's own area: /organisation/… */
export const organisationAreaNl = {
  title: 'Organisatie',
  account_id: 'Account-ID',
  account_id_help: 'Een verhuurder verhuurt u machines met deze ID.',
  tabs: {
    machines: 'Machines',
    users: 'Gebruikers',
    sites: 'Locaties',
    brand: 'Huisstijl',
    audit: 'Audittrail',
    integrations: 'Integraties',
    privacy: 'Privacy',
  },
};
