// The privacy screen's words in de: retention, exports and erasures (/organisation/privacy).
import type { privacyEn } from './en.ts';

export const privacyDe: typeof privacyEn = {
  title: 'Daten und Datenschutz',
  intro:
    'Wie lange diese Organisation ihre Daten aufbewahrt, ihre Exporte und ihre Löschungen mit signierten Bestätigungen.',
  retention: 'Aufbewahrung',
  retention_intro:
    'Ältere Daten werden jede Nacht entfernt; was entfernt wurde, steht im Prüfprotokoll.',
  kinds: {
    records: 'Rohdaten (Tage)',
    positions: 'Positionen (Tage)',
    audit: 'Protokolleinträge (Tage)',
    rollups: 'Tageswerte (Tage)',
  },
  empty_means: 'Leer: %{fallback}',
  kept: 'aufbewahrt',
  days: '%{days} Tag |||| %{days} Tage',
  min_days: 'Mindestens %{days} Tage',
  saved: 'Aufbewahrung gespeichert.',
  last_applied: 'Zuletzt entfernt: %{when}',
  never_applied: 'Noch nichts entfernt.',
  exports: 'Exporte',
  exports_intro:
    'Ein Zip mit CSV-Dateien: Maschinen, Mieten, Tageswerte, Positionen im Zeitraum, Mitglieder und Protokolleinträge.',
  positions_from: 'Positionen ab',
  positions_to: 'Positionen bis',
  export: 'Exportieren',
  export_asked: 'Der Export wird vorbereitet.',
  no_exports: 'Noch keine Exporte.',
  download: 'Herunterladen (%{size})',
  export_gone: 'Nicht mehr vorhanden',
  progress: 'Fortschritt',
  states: { queued: 'Wartet', running: 'Läuft', done: 'Fertig', failed: 'Fehlgeschlagen' },
  erasures: 'Löschungen',
  erasures_intro:
    'Eine Person löschen oder die Positionen einer Maschine an bestimmten Tagen. Nicht umkehrbar; eine signierte Bestätigung kommt per Mail.',
  person: 'Person',
  erase_person: 'Person löschen',
  machine: 'Maschine',
  from: 'Von',
  to: 'Bis',
  erase_positions: 'Positionen löschen',
  erasure_asked: 'Die Löschung hat begonnen.',
  confirm_title: 'Endgültig löschen?',
  confirm_person:
    'Das Konto wird gelöscht und jede Erwähnung durch ein Pseudonym ersetzt. Nicht umkehrbar.',
  confirm_positions:
    'Die Positionen der Maschine an diesen Tagen werden entfernt; ihre Werte bleiben. Nicht umkehrbar.',
  kinds_of_erasure: {
    export: 'Export',
    'erase-user': 'Eine Person',
    'erase-positions': 'Positionen einer Maschine',
    'erase-organisation': 'Die Organisation',
  },
  show_receipt: 'Bestätigung',
  receipt: 'Löschbestätigung',
  receipt_help:
    'Mit dem Schlüssel des Portals signiert: prüfbar mit den Schlüsseln unter /v1/privacy/keys.',
  copy: 'Kopieren',
  erase_organisation: 'Organisation löschen',
  confirm_organisation:
    'Alles von %{name} wird gelöscht: Maschinen mit ihren Daten, Dateien, Prüfprotokoll und die Personen, die keiner anderen Organisation angehören. Nicht umkehrbar. Zur Bestätigung den Namen eingeben.',
  type_name: 'Name der Organisation',
  organisation_erasure_asked: '%{name} wird gelöscht; die signierte Bestätigung kommt per Mail.',
};
