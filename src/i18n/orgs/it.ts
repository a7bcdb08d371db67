// Staff's organisation settings in it: /admin/orgs/settings.
export const organisationResourcesIt = {
  'admin/orgs/settings': {
    name: 'Organizzazione |||| Organizzazioni',
    fields: {
      name: 'Nome',
      type: 'Tipo',
      timezone: 'Fuso orario',
      users: 'Utenti',
      machines: 'Macchine',
      createdAt: 'Creata il',
      machineName: 'Mostrato per primo',
      routeMinSatellites: 'Satelliti per punto di percorso',
      hireStatuses: 'Stati di noleggio contati come noleggiati',
      mandatoryFields: 'Campi obbligatori all’inserimento',
      materials: 'Materiali',
      manufacturers: 'Costruttori',
      dealerId: 'ID concessionario',
      offHoursStartDate: 'Dati fuori orario dal',
      loginDomains: 'Nomi host di accesso',
      q: 'Cerca',
    },
  },
};

export const orgSettingsIt = {
  navigation: 'Navigazione',
  modules: 'Moduli',
  navigation_keys: {
    sites: 'Cantieri',
    routes: 'Percorsi',
    shifts: 'Turni',
    gateways: 'Gateway',
    sensors: 'Sensori',
    equipment: 'Attrezzature',
  },
  modules_keys: {
    fuel: 'Carburante',
    co2: 'CO2',
    billing: 'Fatturazione',
    tips: 'Suggerimenti',
    workCycle: 'Cicli di lavoro',
    documents: 'Documenti',
    npa: 'NPA',
    equipmentBreakdown: 'Guasti',
    machineAdditionalInformation: 'Informazioni aggiuntive',
    operatorAvailability: 'Disponibilità operatori',
    geofences: 'Geofence',
    notifications: 'Notifiche',
    speed: 'Velocità',
    active: 'Attivo',
  },
  features: "Funzioni specifiche dell'organizzazione",
  features_keys: {
    routePositions: 'Ogni posizione rilevata sui percorsi',
  },

  machine_name_first: 'Nome della macchina',
  asset_id_first: 'Numero di inventario',
  timezone_help:
    'Il fuso orario in cui si contano i suoi giorni. Una modifica ricalcola in background i giorni di tutte le macchine.',
  login_domains_help:
    'Nomi host (come fleet.example.com) la cui pagina di accesso porta il marchio di questa organizzazione; separali con virgole.',
  manufacturers_help:
    'Costruttori offerti oltre a quelli della propria flotta; separarli con virgole.',
  saved: 'Impostazioni di %{name} salvate: i suoi membri le vedono alla prossima pagina.',
  hire_statuses_help:
    'Gli stati del portale per nome; digitane un altro inviato dal tuo ERP e premi Invio.',
  list_help: 'Separa le voci con virgole.',
  /** The onboarding field siteId; the others are named as on the onboarding screen. */
  site: 'Cantiere',
};

/** The organisation's own area: /organisation/… */
export const organisationAreaIt = {
  title: 'Organizzazione',
  account_id: 'ID account',
  account_id_help: 'Un noleggiatore vi noleggia macchine con questo ID.',
  tabs: {
    machines: 'Macchine',
    users: 'Utenti',
    sites: 'Cantieri',
    brand: 'Marchio',
    audit: 'Registro di controllo',
    integrations: 'Integrazioni',
    privacy: 'Privacy',
  },
};
