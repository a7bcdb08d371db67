// Staff's organisation settings in de: /admin/orgs/settings.
export const organisationResourcesDe = {
  'admin/orgs/settings': {
    name: 'Organisation |||| Organisationen',
    fields: {
      name: 'Name',
      type: 'Art',
      timezone: 'Zeitzone',
      users: 'Benutzer',
      machines: 'Maschinen',
      createdAt: 'Angelegt',
      machineName: 'Zuerst angezeigt',
      routeMinSatellites: 'Satelliten je Routenpunkt',
      hireStatuses: 'Als vermietet geltende Mietstatus',
      mandatoryFields: 'Pflichtfelder beim Onboarding',
      materials: 'Materialien',
      manufacturers: 'Hersteller',
      dealerId: 'Händler-ID',
      offHoursStartDate: 'Daten außerhalb der Arbeitszeit ab',
      loginDomains: 'Anmelde-Hostnamen',
      q: 'Suche',
    },
  },
};

export const orgSettingsDe = {
  navigation: 'Navigation',
  modules: 'Module',
  navigation_keys: {
    sites: 'Standorte',
    routes: 'Routen',
    shifts: 'Schichten',
    gateways: 'Gateways',
    sensors: 'Sensoren',
    equipment: 'Ausrüstung',
  },
  modules_keys: {
    fuel: 'Kraftstoff',
    co2: 'CO2',
    billing: 'Abrechnung',
    tips: 'Tipps',
    workCycle: 'Arbeitszyklen',
    documents: 'Dokumente',
    npa: 'NPA',
    equipmentBreakdown: 'Geräteausfall',
    machineAdditionalInformation: 'Zusätzliche Maschineninformationen',
    operatorAvailability: 'Verfügbarkeit der Bediener',
    geofences: 'Geofences',
    notifications: 'Benachrichtigungen',
    speed: 'Geschwindigkeit',
    active: 'Aktiv',
  },
  features: 'Organisationsspezifische Funktionen',
  features_keys: {
    routePositions: 'Jede Positionsbestimmung auf Routen',
  },

  machine_name_first: 'Maschinenname',
  asset_id_first: 'Inventarnummer',
  timezone_help:
    'Die Zeitzone, in der ihre Tage gezählt werden. Eine Änderung berechnet die Tage aller Maschinen im Hintergrund neu.',
  login_domains_help:
    'Hostnamen (etwa fleet.example.com), deren Anmeldeseite die Marke dieser Organisation trägt; durch Kommas getrennt.',
  manufacturers_help: 'Angebotene Hersteller neben denen der eigenen Flotte; durch Kommas trennen.',
  saved:
    'Einstellungen von %{name} gespeichert: Ihre Mitglieder sehen sie auf ihrer nächsten Seite.',
  hire_statuses_help:
    'Die Status des Portals mit Namen; tippen Sie einen weiteren ein, den Ihr ERP sendet, und drücken Sie die Eingabetaste.',
  list_help: 'Trennen Sie die Einträge durch Kommas.',
  /** The onboarding field siteId; the others are named as on the onboarding screen. */
  site: 'Standort',
};

/** The organisation's own area: /organisation/… */
export const organisationAreaDe = {
  title: 'Organisation',
  account_id: 'Konto-ID',
  account_id_help: 'Ein Vermieter vermietet Ihnen Maschinen mit dieser ID.',
  tabs: {
    machines: 'Maschinen',
    users: 'Benutzer',
    sites: 'Standorte',
    brand: 'Marke',
    audit: 'Prüfprotokoll',
    integrations: 'Integrationen',
    privacy: 'Datenschutz',
  },
};
