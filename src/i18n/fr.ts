// French (Français): react-admin's keys from ra-language-french (complete for v5), the portal's own here.
import frenchMessages from 'ra-language-french';
import type { AppCatalog } from './en.ts';

export const fr: AppCatalog = {
  ra: frenchMessages.ra as AppCatalog['ra'],
  resources: {
    machines: {
      name: 'Machine |||| Machines',
      fields: {
        name: 'Nom',
        assetId: "Numéro d'actif",
        category: 'Catégorie',
        type: 'Type',
        site: 'Chantier',
        customer: 'Client',
        hiredStatus: 'Statut de location',
        lastSeenAt: 'Dernière remontée',
        contractNumber: 'Contrat',
        oem: 'Constructeur',
        activeHours: 'Actif h',
        idleHours: 'Ralenti h',
        outOfHours: 'Hors horaires h',
      },
    },
  },
  app: {
    name: 'Portail de flotte',
    login: {
      title: 'Connexion',
      subtitle: 'Machines, activité, carburant et émissions de toute votre flotte',
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      continue: 'Continuer',
      sign_in: 'Se connecter',
      back: 'Utiliser une autre adresse e-mail',
      signing_in_as: 'Connexion en tant que %{email}',
      checking: 'Vérification…',
      invalid_credentials: "L'adresse e-mail ou le mot de passe est incorrect.",
      too_many_attempts:
        'Trop de tentatives de connexion échouées. Réessayez dans %{minutes} minutes.',
      sso_required:
        "Votre organisation se connecte via %{provider} (%{type}). L'authentification unique n'est pas encore activée sur ce serveur ; contactez votre administrateur.",
      codes: {
        VALIDATION: 'Veuillez saisir une adresse e-mail valide.',
        TOO_MANY_ATTEMPTS: 'Trop de tentatives. Patientez quelques minutes puis réessayez.',
      },
    },
    auth: {
      session_expired: 'Votre session a expiré. Veuillez vous reconnecter.',
      session_timed_out: 'Malheureusement, votre session a expiré, veuillez vous connecter.',
      signing_out: 'Déconnexion…',
    },
    errors: {
      no_response:
        "Nous n'avons pas pu nous connecter au produit, vérifiez votre connexion internet et réessayez. Si le problème persiste, contactez le support",
      speed_bump: 'Nous avons rencontré un obstacle !',
      reload: 'Cliquez ici pour recharger la page',
      page_load:
        'Une erreur est survenue au chargement de la page, vérifiez votre connexion et réessayez',
      retry: 'Réessayer',
      machines:
        'Une erreur est survenue lors de la récupération de vos machines, réessayez plus tard. Si le problème persiste, contactez le support',
    },
    connectivity: { online: 'En ligne', offline: 'Hors ligne' },
    menu: {
      language: 'Langue',
      organisation: 'Organisation',
      switch_organisation: 'Passer à %{name}',
    },
    not_found: {
      title: 'Page introuvable',
      message: "La page demandée n'existe pas ou a été déplacée.",
      home: 'Aller aux machines',
    },
    machines: {
      search: 'Rechercher des machines',
      show: { label: 'Afficher', active: 'Dans la flotte', archived: 'Archivées', all: 'Toutes' },
      summary: {
        machines: 'Machines',
        on_hire: 'En location',
        with_activity: "Remontent de l'activité",
        active_hours: 'Heures actives',
        idle_hours: 'Heures au ralenti',
      },
      hire_status: { ON_HIRE: 'En location', OFF_HIRE: 'Hors location' },
      never_seen: 'Pas encore de données',
      no_telemetry:
        "Aucun boîtier n'a encore remonté de données pour ces machines. Les heures, le carburant et les émissions apparaîtront ici dès que les traceurs enverront des données.",
      breakdown: 'En panne',
      archived: 'Archivée',
    },
    machine: {
      back: 'Retour aux machines',
      not_found: "Cette machine n'existe pas, ou vous ne pouvez pas la voir.",
      load_error:
        'Un problème est survenu lors du chargement de la machine, veuillez réessayer plus tard.',
      not_in_range: 'Aucune activité visible pour vous sur cette période.',
      timeline_of: 'Activité du %{date}',
      active_idle: 'Heures moteur (actif et ralenti)',
      out_of_hours: 'Hors horaires',
      fuel: 'Carburant',
      estimated: 'estimé',
      co2: 'CO2',
      distance: 'Distance',
      trips: 'Trajets',
      refills: 'Pleins',
      thefts: 'Vols',
      operator: 'Conducteur',
      location: 'Dernière position',
      sources: 'Boîtiers',
      from: 'Du',
      to: 'Au',
      show_range: 'Afficher',
      earlier: 'Plus tôt',
      view_timeline: 'Chronologie',
      view_table: 'Tableau',
      day: 'Jour',
      state: 'État',
      duration: 'Durée',
      time_zone: 'Heures en %{zone}',
      day_of: '%{date}',
      segment: '%{state} de %{from} à %{to} (%{duration})',
      range_totals: 'Totaux de la période',
      states: {
        active: 'Actif',
        idle: 'Ralenti',
        off: 'Arrêt',
        missing: 'Pas de données',
        brokendown: 'En panne',
      },
    },
    filters: {
      toggle: 'Filtres',
      title: 'Filtres',
      close: 'Fermer les filtres',
      saved_title: 'Filtres enregistrés',
      none_saved: 'Aucun filtre enregistré',
      save_as: 'Enregistrer ces filtres sous',
      save: 'Enregistrer',
      delete: 'Supprimer %{name}',
      clear: 'Effacer tous les filtres',
      saved: 'Les filtres choisis ont été enregistrés',
      save_failed:
        "Un problème est survenu lors de l'enregistrement du filtre, veuillez réessayer plus tard...",
      delete_failed:
        'Un problème est survenu lors de la suppression du filtre enregistré, veuillez réessayer plus tard...',
    },
    embedded: {
      sign_in: 'Connectez-vous au portail de flotte pour voir vos machines ici.',
      open_portal: 'Ouvrir le portail',
    },
  },
};
