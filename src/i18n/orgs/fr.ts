// Staff's organisation settings in fr: /admin/orgs/settings.
export const organisationResourcesFr = {
  'admin/orgs/settings': {
    name: 'Organisation |||| Organisations',
    fields: {
      name: 'Nom',
      type: 'Type',
      timezone: 'Fuseau horaire',
      users: 'Utilisateurs',
      machines: 'Machines',
      createdAt: 'Créée le',
      machineName: 'Affiché en premier',
      routeMinSatellites: 'Satellites requis par point d’itinéraire',
      hireStatuses: 'Statuts de location comptés comme loués',
      mandatoryFields: 'Champs obligatoires à l’ajout',
      materials: 'Matériaux',
      manufacturers: 'Constructeurs',
      dealerId: 'Identifiant du concessionnaire',
      offHoursStartDate: 'Données hors horaires depuis',
      loginDomains: 'Noms d’hôte de connexion',
      q: 'Rechercher',
    },
  },
};

export const orgSettingsFr = {
  navigation: 'Navigation',
  modules: 'Modules',
  navigation_keys: {
    sites: 'Sites',
    routes: 'Itinéraires',
    shifts: 'Équipes',
    gateways: 'Passerelles',
    sensors: 'Capteurs',
    equipment: 'Équipements',
  },
  modules_keys: {
    fuel: 'Carburant',
    co2: 'CO2',
    billing: 'Facturation',
    tips: 'Astuces',
    workCycle: 'Cycles de travail',
    documents: 'Documents',
    npa: 'NPA',
    equipmentBreakdown: 'Pannes',
    machineAdditionalInformation: 'Informations complémentaires',
    operatorAvailability: 'Disponibilité des opérateurs',
    geofences: 'Géorepérages',
    notifications: 'Notifications',
    speed: 'Vitesse',
    active: 'Actif',
  },
  features: "Fonctions propres à l'organisation",
  features_keys: {
    routePositions: 'Chaque position relevée sur les trajets',
  },

  machine_name_first: 'Nom de la machine',
  asset_id_first: 'Numéro d’inventaire',
  timezone_help:
    'Le fuseau horaire dans lequel ses journées sont comptées. Un changement recalcule en arrière-plan les journées de toutes les machines.',
  login_domains_help:
    'Noms d’hôte (par exemple fleet.example.com) dont la page de connexion porte la marque de cette organisation ; séparés par des virgules.',
  manufacturers_help:
    'Constructeurs proposés en plus de ceux de sa propre flotte ; séparez-les par des virgules.',
  saved: 'Paramètres de %{name} enregistrés : ses membres les voient à leur prochaine page.',
  hire_statuses_help:
    'Les statuts du portail par leur nom ; saisissez-en un autre envoyé par votre ERP et appuyez sur Entrée.',
  list_help: 'Séparez les entrées par des virgules.',
  /** The onboarding field siteId; the others are named as on the onboarding screen. */
  site: 'Site',
};

/** The organisation's own area: /organisation/… */
export const organisationAreaFr = {
  title: 'Organisation',
  account_id: 'Identifiant de compte',
  account_id_help: 'Un loueur vous loue des machines avec cet identifiant.',
  tabs: {
    machines: 'Machines',
    users: 'Utilisateurs',
    sites: 'Sites',
    brand: 'Marque',
    audit: 'Journal d’audit',
    integrations: 'Intégrations',
    privacy: 'Confidentialité',
  },
};
