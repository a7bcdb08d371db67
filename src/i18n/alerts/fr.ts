// The alerts in French: the list at /alerts, the app bar's count and the settings' choices.
export const alertResourcesFr = {
  alerts: {
    name: 'Alerte |||| Alertes',
    fields: {
      at: 'Quand',
      type: 'Alerte',
      machineName: 'Machine',
      detail: 'Détails',
      startedAt: 'Début',
    },
  },
};

export const alertsFr = {
  title: 'Alertes',
  new: 'Nouvelle',
  device: 'boîtier %{code}',
  litres: '%{litres} l',
  minutes: '%{minutes} min',
  idle_threshold: 'Alerte de ralenti après (minutes)',
  threshold_saved: 'Le seuil de ralenti est enregistré.',
  unread: '%{smart_count} nouvelle alerte |||| %{smart_count} nouvelles alertes',
  mail_title: 'Alertes par e-mail',
  mail_help:
    'Chaque type coché arrive par e-mail ; plusieurs à la fois arrivent dans un seul e-mail.',
  types: {
    outOfHours: 'Utilisation hors horaires',
    fuelTheft: 'Vol de carburant détecté',
    breakdown: 'Machine en panne',
    deviceSilent: 'Boîtier muet',
    idle: 'Ralenti trop long',
    leftSite: 'Machine sortie de son chantier',
    idleOnHire: 'Inactive en location',
    notReturned: 'Non rentrée après la location',
    serviceDueSoon: 'Entretien bientôt dû',
    serviceOverdue: 'Entretien en retard',
    safetyOverdue: 'Contrôle de sécurité en retard',
  },
};
