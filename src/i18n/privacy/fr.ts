// The privacy screen's words in fr: retention, exports and erasures (/organisation/privacy).
import type { privacyEn } from './en.ts';

export const privacyFr: typeof privacyEn = {
  title: 'Données et confidentialité',
  intro:
    'Combien de temps cette organisation garde ses données, ses exports et ses effacements avec leurs reçus signés.',
  retention: 'Conservation',
  retention_intro:
    'Les données plus anciennes que leur durée sont supprimées chaque nuit, et ce qui a été supprimé est inscrit au journal d’audit.',
  kinds: {
    records: 'Relevés bruts (jours)',
    positions: 'Positions (jours)',
    audit: 'Entrées d’audit (jours)',
    rollups: 'Chiffres journaliers (jours)',
  },
  empty_means: 'Vide : %{fallback}',
  kept: 'conservé',
  days: '%{days} jour |||| %{days} jours',
  min_days: 'Au moins %{days} jours',
  saved: 'Conservation enregistrée.',
  last_applied: 'Dernière suppression : %{when}',
  never_applied: 'Rien de supprimé pour l’instant.',
  exports: 'Exports',
  exports_intro:
    'Un zip de fichiers CSV : machines, locations, chiffres journaliers, positions de la période, membres et entrées d’audit.',
  positions_from: 'Positions du',
  positions_to: 'Positions au',
  export: 'Exporter',
  export_asked: 'L’export est en préparation.',
  no_exports: 'Aucun export.',
  download: 'Télécharger (%{size})',
  export_gone: 'Plus conservé',
  progress: 'Avancement',
  states: { queued: 'En attente', running: 'En cours', done: 'Terminé', failed: 'Échec' },
  erasures: 'Effacements',
  erasures_intro:
    'Effacer une personne, ou les positions d’une machine sur quelques jours. Irréversible ; un reçu signé vous est envoyé.',
  person: 'Personne',
  erase_person: 'Effacer la personne',
  machine: 'Machine',
  from: 'Du',
  to: 'Au',
  erase_positions: 'Effacer les positions',
  erasure_asked: 'L’effacement a commencé.',
  confirm_title: 'Effacer définitivement ?',
  confirm_person:
    'Son compte est supprimé et chaque mention remplacée par un pseudonyme. Irréversible.',
  confirm_positions:
    'Les positions de la machine ces jours-là sont supprimées ; ses chiffres restent. Irréversible.',
  kinds_of_erasure: {
    export: 'Export',
    'erase-user': 'Une personne',
    'erase-positions': 'Positions d’une machine',
    'erase-organisation': 'L’organisation',
  },
  show_receipt: 'Reçu',
  receipt: 'Reçu d’effacement',
  receipt_help:
    'Signé avec la clé du portail : chacun peut le vérifier avec les clés de /v1/privacy/keys.',
  copy: 'Copier',
  erase_organisation: 'Effacer l’organisation',
  confirm_organisation:
    'Tout de %{name} disparaît : ses machines et leurs données, ses fichiers, son journal d’audit et les personnes qui n’appartiennent à aucune autre organisation. Irréversible. Saisissez son nom pour confirmer.',
  type_name: 'Nom de l’organisation',
  organisation_erasure_asked: '%{name} est en cours d’effacement ; le reçu signé vous sera envoyé.',
};
