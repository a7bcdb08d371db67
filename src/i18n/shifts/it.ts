// The organisation's shifts in italian: /admin/shifts.
export const shiftResourcesIt = {
  'admin/shifts': {
    name: 'Turno |||| Turni',
    fields: {
      name: 'Nome',
      isDefault: "Turno predefinito dell'organizzazione",
      siteIds: 'Cantieri che lo seguono',
      sites: 'Si applica a',
      days: 'Orari di lavoro',
      weekday: 'Giorno',
      start: 'Inizio',
      end: 'Fine',
      breaks: 'Pause',
      recomputing: 'Dati',
    },
  },
};

export const shiftsIt = {
  intro:
    "L'attività al di fuori degli orari di lavoro applicabili, pause comprese, conta come fuori orario. Senza un turno predefinito vale dal lunedì al venerdì 07:00–18:00. Il salvataggio ricalcola in background i giorni passati delle macchine interessate.",
  default_help: 'Si applica a ogni macchina il cui cantiere non ha un turno proprio.',
  sites_help:
    "Le macchine di questi cantieri seguono questo turno, secondo l'orologio del cantiere.",
  days_help:
    'Un turno di notte è composto da due parti di giornata, come 22:00–00:00 e 00:00–06:00.',
  recomputing: 'Ricalcolo in corso',
  up_to_date: 'Aggiornato',
  everywhere_else: 'Ovunque altrove',
  no_hours: 'Nessun orario di lavoro: ogni attività è fuori orario.',
  breaks: '%{smart_count} pausa |||| %{smart_count} pause',
  errors: {
    clock: 'Indicare un orario da 00:00 a 24:00',
    end_before_start: 'Finisce prima di iniziare',
    break_outside: 'La pausa è fuori dagli orari di lavoro',
    break_overlap: "La pausa si sovrappone a un'altra",
    weekday_twice: 'Questo giorno ha già degli orari di lavoro',
  },
};
