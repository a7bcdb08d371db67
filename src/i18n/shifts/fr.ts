// The organisation's shifts in french: /admin/shifts.
export const shiftResourcesFr = {
  'admin/shifts': {
    name: 'Horaire |||| Horaires',
    fields: {
      name: 'Nom',
      isDefault: "Horaire par défaut de l'organisation",
      siteIds: 'Chantiers qui le suivent',
      sites: "S'applique à",
      days: 'Heures de travail',
      weekday: 'Jour',
      start: 'Début',
      end: 'Fin',
      breaks: 'Pauses',
      recomputing: 'Chiffres',
    },
  },
};

export const shiftsFr = {
  intro:
    "L'activité en dehors des heures de travail applicables, pauses comprises, compte comme hors horaires. Sans horaire par défaut, du lundi au vendredi 07:00–18:00 s'applique. L'enregistrement recalcule en arrière-plan les jours passés des machines concernées.",
  default_help: "S'applique à toute machine dont le chantier n'a pas son propre horaire.",
  sites_help: "Les machines de ces chantiers suivent cet horaire, à l'heure du chantier.",
  days_help:
    'Un poste de nuit se compose de deux parties de journée, comme 22:00–00:00 et 00:00–06:00.',
  recomputing: 'Recalcul en cours',
  up_to_date: 'À jour',
  everywhere_else: 'Partout ailleurs',
  no_hours: 'Aucune heure de travail : toute activité est hors horaires.',
  breaks: '%{smart_count} pause |||| %{smart_count} pauses',
  errors: {
    clock: 'Indiquez une heure de 00:00 à 24:00',
    end_before_start: 'Se termine avant de commencer',
    break_outside: 'La pause est en dehors des heures de travail',
    break_overlap: 'La pause chevauche une autre',
    weekday_twice: 'Ce jour a déjà des heures de travail',
  },
};
