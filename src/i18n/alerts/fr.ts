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
  threshold_saved: 'Les seuils d’alerte sont enregistrés.',
  thresholds: 'Seuils',
  battery_level: 'Alerte de batterie au',
  battery_levels: { low: 'Niveau bas du boîtier', critical: 'Niveau critique du boîtier' },
  power_cut_v: 'Coupure d’alimentation sous (V)',
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
    enteredSite: 'Machine arrivée sur un chantier',
    movedEngineOff: 'Déplacée moteur arrêté',
    lowBattery: 'Batterie du boîtier faible',
    powerCut: 'Alimentation externe coupée',
  },
};
