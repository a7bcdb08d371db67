// The privacy screen's words in nl: retention, exports and erasures (/organisation/privacy).
import type { privacyEn } from './en.ts';

export const privacyNl: typeof privacyEn = {
  title: 'Gegevens en privacy',
  intro:
    'Hoe lang deze organisatie haar gegevens bewaart, haar exports en haar verwijderingen met ondertekende bewijzen.',
  retention: 'Bewaartermijn',
  retention_intro:
    'Gegevens ouder dan hun termijn worden elke nacht verwijderd; wat verwijderd is staat in het auditlogboek.',
  kinds: {
    records: 'Ruwe gegevens (dagen)',
    positions: 'Posities (dagen)',
    audit: 'Auditregels (dagen)',
    rollups: 'Dagcijfers (dagen)',
  },
  empty_means: 'Leeg: %{fallback}',
  kept: 'bewaard',
  days: '%{days} dag |||| %{days} dagen',
  min_days: 'Minstens %{days} dagen',
  saved: 'Bewaartermijn opgeslagen.',
  last_applied: 'Laatst verwijderd: %{when}',
  never_applied: 'Nog niets verwijderd.',
  exports: 'Exports',
  exports_intro:
    'Een zip met CSV-bestanden: machines, verhuringen, dagcijfers, posities in de periode, leden en auditregels.',
  positions_from: 'Posities vanaf',
  positions_to: 'Posities tot',
  export: 'Exporteren',
  export_asked: 'De export wordt voorbereid.',
  no_exports: 'Nog geen exports.',
  download: 'Downloaden (%{size})',
  export_gone: 'Niet meer bewaard',
  progress: 'Voortgang',
  states: { queued: 'Wacht', running: 'Bezig', done: 'Klaar', failed: 'Mislukt' },
  erasures: 'Verwijderingen',
  erasures_intro:
    'Verwijder een persoon, of de posities van een machine over enkele dagen. Onomkeerbaar; u krijgt een ondertekend bewijs per mail.',
  person: 'Persoon',
  erase_person: 'Persoon verwijderen',
  machine: 'Machine',
  from: 'Van',
  to: 'Tot',
  erase_positions: 'Posities verwijderen',
  erasure_asked: 'De verwijdering is begonnen.',
  confirm_title: 'Definitief verwijderen?',
  confirm_person:
    'Het account verdwijnt en elke vermelding wordt vervangen door een pseudoniem. Onomkeerbaar.',
  confirm_positions:
    'De posities van de machine op deze dagen worden verwijderd; de cijfers blijven. Onomkeerbaar.',
  kinds_of_erasure: {
    export: 'Export',
    'erase-user': 'Een persoon',
    'erase-positions': 'Posities van een machine',
    'erase-organisation': 'De organisatie',
  },
  show_receipt: 'Bewijs',
  receipt: 'Verwijderingsbewijs',
  receipt_help:
    'Ondertekend met de sleutel van het portaal: iedereen kan het controleren met de sleutels op /v1/privacy/keys.',
  copy: 'Kopiëren',
  erase_organisation: 'Organisatie verwijderen',
  confirm_organisation:
    'Alles van %{name} verdwijnt: machines met hun gegevens, bestanden, auditlogboek en de personen die bij geen andere organisatie horen. Onomkeerbaar. Typ de naam om te bevestigen.',
  type_name: 'Naam van de organisatie',
  organisation_erasure_asked: '%{name} wordt verwijderd; het ondertekende bewijs komt per mail.',
};
