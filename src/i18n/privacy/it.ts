// The privacy screen's words in it: retention, exports and erasures (/organisation/privacy).
import type { privacyEn } from './en.ts';

export const privacyIt: typeof privacyEn = {
  title: 'Dati e privacy',
  intro:
    'Per quanto tempo questa organizzazione conserva i suoi dati, le sue esportazioni e le sue cancellazioni con le ricevute firmate.',
  retention: 'Conservazione',
  retention_intro:
    'I dati più vecchi del periodo vengono rimossi ogni notte; ciò che è stato rimosso è scritto nel registro di controllo.',
  kinds: {
    records: 'Dati grezzi (giorni)',
    positions: 'Posizioni (giorni)',
    audit: 'Voci di controllo (giorni)',
    rollups: 'Valori giornalieri (giorni)',
  },
  empty_means: 'Vuoto: %{fallback}',
  kept: 'conservati',
  days: '%{days} giorno |||| %{days} giorni',
  min_days: 'Almeno %{days} giorni',
  saved: 'Conservazione salvata.',
  last_applied: 'Ultima rimozione: %{when}',
  never_applied: 'Ancora nulla di rimosso.',
  exports: 'Esportazioni',
  exports_intro:
    'Uno zip di file CSV: macchine, noleggi, valori giornalieri, posizioni nel periodo, membri e voci di controllo.',
  positions_from: 'Posizioni dal',
  positions_to: 'Posizioni al',
  export: 'Esporta',
  export_asked: 'L’esportazione è in preparazione.',
  no_exports: 'Nessuna esportazione.',
  download: 'Scarica (%{size})',
  export_gone: 'Non più conservata',
  progress: 'Avanzamento',
  states: { queued: 'In attesa', running: 'In corso', done: 'Fatto', failed: 'Non riuscito' },
  erasures: 'Cancellazioni',
  erasures_intro:
    'Cancella una persona, o le posizioni di una macchina in alcuni giorni. Irreversibile; riceverà una ricevuta firmata per e-mail.',
  person: 'Persona',
  erase_person: 'Cancella persona',
  machine: 'Macchina',
  from: 'Dal',
  to: 'Al',
  erase_positions: 'Cancella posizioni',
  erasure_asked: 'La cancellazione è iniziata.',
  confirm_title: 'Cancellare definitivamente?',
  confirm_person:
    'L’account viene eliminato e ogni menzione sostituita da uno pseudonimo. Irreversibile.',
  confirm_positions:
    'Le posizioni della macchina in questi giorni vengono rimosse; i valori restano. Irreversibile.',
  kinds_of_erasure: {
    export: 'Esportazione',
    'erase-user': 'Una persona',
    'erase-positions': 'Posizioni di una macchina',
    'erase-organisation': 'L’organizzazione',
  },
  show_receipt: 'Ricevuta',
  receipt: 'Ricevuta di cancellazione',
  receipt_help:
    'Firmata con la chiave del portale: chiunque può verificarla con le chiavi in /v1/privacy/keys.',
  copy: 'Copia',
  erase_organisation: 'Cancella organizzazione',
  confirm_organisation:
    'Tutto di %{name} viene cancellato: macchine e dati, file, registro di controllo e le persone che non appartengono ad altre organizzazioni. Irreversibile. Digiti il nome per confermare.',
  type_name: 'Nome dell’organizzazione',
  organisation_erasure_asked:
    '%{name} è in cancellazione; la ricevuta firmata le sarà inviata per e-mail.',
};
