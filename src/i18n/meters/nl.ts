// De urenteller in het Nederlands: de urentellerkaart van de machine en de afwijkende tellers.
import type { metersEn } from './en.ts';

export const metersNl: typeof metersEn = {
  title: 'Urenteller',
  none: 'Nog geen stand: voer in wat de teller aangeeft.',
  now_from: '%{source}: vanaf de stand van %{time}, plus de motoruren sindsdien',
  drift:
    'De telling van %{source} wijkt de afgelopen 30 dagen %{hours} af van die van de motor (%{counted} geteld; drempel %{threshold}).',
  source: 'Bron',
  value: 'Stand (u)',
  read_at: 'Afgelezen op',
  offset: 'Verschil met de leidende telling',
  lead: 'Leidende bron',
  kind: 'Soort',
  lifetime: 'Totale telling',
  by: 'Door',
  history: 'Standen',
  photo: 'Foto van de teller',
  show_all: 'Alle %{count} tonen',
  out_of_order: 'later ingevoerd',
  starting_value: 'Nieuwe teller begon bij (u)',
  add: 'Stand invoeren',
  saved: 'De stand is opgeslagen',
  sources: { oem: 'Fabrikantdata', tracker: 'Tracker', manual: 'Handmatig', computed: 'Berekend' },
  leads: {
    automatic: 'Automatisch (fabrikant, tracker, berekend)',
    oem: 'Fabrikantdata',
    tracker: 'Tracker',
    computed: 'Berekend uit handmatige standen',
  },
  kinds: {
    reading: 'Aflezing',
    replacement: 'Nieuwe teller',
    rollover: 'Overloop',
    reset: 'Herstart van het apparaat',
    correction: 'Correctie',
  },
  drifting_title: 'Afwijkende urentellers',
  drifting_none: 'Geen teller wijkt meer af dan de drempel van zijn organisatie.',
  drift_h: 'Afwijking',
  read_short: '%{source}, afgelezen %{time}',
  drifting_short: 'Bronnen wijken af',
};
