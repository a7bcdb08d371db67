// Le compteur horaire en français : la carte du compteur de la machine et les compteurs qui dérivent.
import type { metersEn } from './en.ts';

export const metersFr: typeof metersEn = {
  title: 'Compteur horaire',
  none: 'Aucun relevé : saisissez ce qu’affiche le compteur.',
  now_from: '%{source} : depuis le relevé du %{time}, plus les heures moteur depuis',
  drift:
    'Le décompte %{source} s’écarte de celui du moteur de %{hours} sur les 30 derniers jours (%{counted} comptées ; seuil %{threshold}).',
  source: 'Source',
  value: 'Relevé (h)',
  read_at: 'Relevé le',
  offset: 'Écart avec le décompte de référence',
  lead: 'Source de référence',
  kind: 'Type',
  lifetime: 'Décompte total',
  by: 'Par',
  history: 'Relevés',
  photo: 'Photo du compteur',
  show_all: 'Afficher les %{count}',
  out_of_order: 'saisi après coup',
  starting_value: 'Le nouveau compteur partait de (h)',
  add: 'Ajouter un relevé',
  saved: 'Le relevé est enregistré',
  sources: { oem: 'Flux constructeur', tracker: 'Traceur', manual: 'Manuel', computed: 'Calculé' },
  leads: {
    automatic: 'Automatique (constructeur, traceur, calculé)',
    oem: 'Flux constructeur',
    tracker: 'Traceur',
    computed: 'Calculé depuis les relevés manuels',
  },
  kinds: {
    reading: 'Relevé',
    replacement: 'Nouveau compteur',
    rollover: 'Passage à zéro',
    reset: 'Redémarrage du boîtier',
    correction: 'Correction',
  },
  drifting_title: 'Compteurs horaires qui dérivent',
  drifting_none: 'Aucun compteur ne dépasse le seuil de son organisation.',
  drift_h: 'Dérive',
  read_short: '%{source}, relevé le %{time}',
  drifting_short: 'Les sources divergent',
};
