// Der Betriebsstundenzähler auf Deutsch: die Zählerkarte der Maschine und die abweichenden Zähler.
import type { metersEn } from './en.ts';

export const metersDe: typeof metersEn = {
  title: 'Betriebsstundenzähler',
  none: 'Noch kein Stand: erfassen Sie, was der Zähler zeigt.',
  now_from: '%{source}: ab dem Stand vom %{time}, plus die Motorstunden seitdem',
  drift:
    'Die Zählung der Quelle %{source} weicht in den letzten 30 Tagen um %{hours} von der des Motors ab (%{counted} gezählt; Schwelle %{threshold}).',
  source: 'Quelle',
  value: 'Stand (h)',
  read_at: 'Abgelesen am',
  offset: 'Abstand zur führenden Zählung',
  lead: 'Führende Quelle',
  kind: 'Art',
  lifetime: 'Gesamtzählung',
  by: 'Von',
  history: 'Stände',
  photo: 'Foto der Anzeige',
  show_all: 'Alle %{count} zeigen',
  out_of_order: 'nachgetragen',
  starting_value: 'Neuer Zähler begann bei (h)',
  add: 'Stand erfassen',
  saved: 'Der Stand ist gespeichert',
  sources: { oem: 'Herstellerdaten', tracker: 'Tracker', manual: 'Manuell', computed: 'Berechnet' },
  leads: {
    automatic: 'Automatisch (Hersteller, Tracker, berechnet)',
    oem: 'Herstellerdaten',
    tracker: 'Tracker',
    computed: 'Aus manuellen Ständen berechnet',
  },
  kinds: {
    reading: 'Ablesung',
    replacement: 'Neuer Zähler',
    rollover: 'Überlauf',
    reset: 'Geräte-Neustart',
    correction: 'Korrektur',
  },
  drifting_title: 'Abweichende Betriebsstundenzähler',
  drifting_none: 'Kein Zähler weicht über die Schwelle seiner Organisation ab.',
  drift_h: 'Abweichung',
  read_short: '%{source}, abgelesen %{time}',
  drifting_short: 'Quellen weichen ab',
};
