// Il contaore in italiano: la scheda del contaore della macchina e i contaore che derivano.
import type { metersEn } from './en.ts';

export const metersIt: typeof metersEn = {
  title: 'Contaore',
  none: 'Nessuna lettura: inserisci ciò che mostra il contaore.',
  now_from: '%{source}: dalla lettura del %{time}, più le ore motore da allora',
  drift:
    'Il conteggio %{source} si discosta da quello del motore di %{hours} negli ultimi 30 giorni (%{counted} contate; soglia %{threshold}).',
  source: 'Fonte',
  value: 'Lettura (h)',
  read_at: 'Letto il',
  offset: 'Scarto dal conteggio di riferimento',
  lead: 'Fonte di riferimento',
  kind: 'Tipo',
  lifetime: 'Conteggio totale',
  by: 'Da',
  history: 'Letture',
  photo: 'Foto del contaore',
  show_all: 'Mostra tutte le %{count}',
  out_of_order: 'inserita dopo',
  starting_value: 'Il nuovo contaore partiva da (h)',
  add: 'Aggiungi lettura',
  saved: 'La lettura è salvata',
  sources: {
    oem: 'Dati costruttore',
    tracker: 'Tracker',
    manual: 'Manuale',
    computed: 'Calcolato',
  },
  leads: {
    automatic: 'Automatico (costruttore, tracker, calcolato)',
    oem: 'Dati costruttore',
    tracker: 'Tracker',
    computed: 'Calcolato dalle letture manuali',
  },
  kinds: {
    reading: 'Lettura',
    replacement: 'Nuovo contaore',
    rollover: 'Azzeramento',
    reset: 'Riavvio del dispositivo',
    correction: 'Correzione',
  },
  drifting_title: 'Contaore che derivano',
  drifting_none: 'Nessun contaore supera la soglia della sua organizzazione.',
  drift_h: 'Deriva',
  read_short: '%{source}, letto il %{time}',
  drifting_short: 'Le fonti non concordano',
};
