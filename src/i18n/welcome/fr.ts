// The first-time walkthrough in fr, and the profile-data failure of spec point 8.
export const welcomeFr = {
  title: 'Bienvenue sur le portail de flotte',
  skip: 'Fermer',
  back: 'Retour',
  next: 'Suivant',
  done: 'Commencer',
  steps: {
    machines: {
      title: 'Vos machines',
      text: 'Chaque machine avec ses heures actives, au ralenti et à l’arrêt, son carburant et son CO2, sur toute période. Filtrez, cherchez et téléchargez ce que vous voyez.',
    },
    dashboard: {
      title: 'Le tableau de bord',
      text: 'Le travail de la flotte : utilisation, carburant et émissions par jour, semaine ou mois, et les machines les plus actives.',
    },
    map: {
      title: 'La carte de la flotte',
      text: 'Où se trouve chaque machine, et si elle travaille, tourne au ralenti ou est à l’arrêt.',
    },
    routes: {
      title: 'Itinéraires et sites',
      text: 'Les trajets et arrêts de chaque machine sur une journée, et les sites où elle a travaillé.',
    },
  },
};

export const profileFailedFr =
  'Une erreur s’est produite lors du chargement des données du profil. Veuillez réessayer plus tard. Si le problème persiste, contactez le support.';
