// The organisation's shifts in dutch: /admin/shifts.
export const shiftResourcesNl = {
  'admin/shifts': {
    name: 'Dienst |||| Diensten',
    fields: {
      name: 'Naam',
      isDefault: 'Standaarddienst van de organisatie',
      siteIds: 'Locaties die deze volgen',
      sites: 'Geldt voor',
      days: 'Werktijden',
      weekday: 'Dag',
      start: 'Begin',
      end: 'Einde',
      breaks: 'Pauzes',
      recomputing: 'Cijfers',
    },
  },
};

export const shiftsNl = {
  intro:
    'Activiteit buiten de geldende werktijden, pauzes inbegrepen, telt als buiten werktijd. Zonder standaarddienst geldt maandag tot en met vrijdag 07:00–18:00. Opslaan herberekent op de achtergrond de afgelopen dagen van de betrokken machines.',
  default_help: 'Geldt voor elke machine waarvan de locatie geen eigen dienst heeft.',
  sites_help: 'Machines op deze locaties volgen deze dienst, op de klok van de locatie.',
  days_help: 'Een nachtdienst bestaat uit twee dagdelen, zoals 22:00–00:00 en 00:00–06:00.',
  recomputing: 'Wordt herberekend',
  up_to_date: 'Bijgewerkt',
  everywhere_else: 'Overal elders',
  no_hours: 'Geen werktijden: alle activiteit valt buiten werktijd.',
  breaks: '%{smart_count} pauze |||| %{smart_count} pauzes',
  errors: {
    clock: 'Gebruik een tijd van 00:00 tot 24:00',
    end_before_start: 'Eindigt voordat het begint',
    break_outside: 'De pauze valt buiten de werktijden',
    break_overlap: 'De pauze overlapt een andere',
    weekday_twice: 'Deze dag heeft al werktijden',
  },
};
