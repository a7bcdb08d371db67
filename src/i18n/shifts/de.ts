// The organisation's shifts in german: /admin/shifts.
export const shiftResourcesDe = {
  'admin/shifts': {
    name: 'Schicht |||| Schichten',
    fields: {
      name: 'Name',
      isDefault: 'Standardschicht der Organisation',
      siteIds: 'Baustellen mit dieser Schicht',
      sites: 'Gilt für',
      days: 'Arbeitszeiten',
      weekday: 'Tag',
      start: 'Beginn',
      end: 'Ende',
      breaks: 'Pausen',
      recomputing: 'Kennzahlen',
    },
  },
};

export const shiftsDe = {
  intro:
    'Aktivität außerhalb der geltenden Arbeitszeiten, Pausen eingeschlossen, zählt als außerhalb der Arbeitszeit. Ohne Standardschicht gilt Montag bis Freitag 07:00–18:00. Beim Speichern werden die vergangenen Tage der betroffenen Maschinen im Hintergrund neu berechnet.',
  default_help: 'Gilt für jede Maschine, deren Baustelle keine eigene Schicht hat.',
  sites_help: 'Maschinen auf diesen Baustellen folgen dieser Schicht, nach der Uhr der Baustelle.',
  days_help: 'Eine Nachtschicht besteht aus zwei Tagesteilen, etwa 22:00–00:00 und 00:00–06:00.',
  recomputing: 'Wird neu berechnet',
  up_to_date: 'Aktuell',
  everywhere_else: 'Überall sonst',
  no_hours: 'Keine Arbeitszeiten: jede Aktivität liegt außerhalb der Arbeitszeit.',
  breaks: '%{smart_count} Pause |||| %{smart_count} Pausen',
  errors: {
    clock: 'Eine Uhrzeit von 00:00 bis 24:00 angeben',
    end_before_start: 'Endet vor dem Beginn',
    break_outside: 'Die Pause liegt außerhalb der Arbeitszeit',
    break_overlap: 'Die Pause überschneidet sich mit einer anderen',
    weekday_twice: 'Dieser Tag hat bereits Arbeitszeiten',
  },
};
