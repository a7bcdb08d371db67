// The organisation's shifts in en: /admin/shifts.
export const shiftResourcesEn = {
  'admin/shifts': {
    name: 'Shift |||| Shifts',
    fields: {
      name: 'Name',
      isDefault: "Organisation's default shift",
      siteIds: 'Sites that follow it',
      sites: 'Applies to',
      days: 'Working hours',
      weekday: 'Day',
      start: 'Start',
      end: 'End',
      breaks: 'Breaks',
      recomputing: 'Figures',
    },
  },
};

export const shiftsEn = {
  intro:
    'Activity outside the working hours that apply, breaks included, counts as out-of-hours. Without a default shift, Monday to Friday 07:00–18:00 applies. Saving recomputes the past days of the machines it applies to in the background.',
  default_help: 'Applies to every machine whose site has no shift of its own.',
  sites_help: "Machines on these sites follow this shift, read on the site's clock.",
  days_help: "A night shift is two days' pieces, such as 22:00–00:00 and 00:00–06:00.",
  recomputing: 'Recomputing',
  up_to_date: 'Up to date',
  everywhere_else: 'Everywhere else',
  no_hours: 'No working hours: all activity is out of hours.',
  breaks: '%{smart_count} break |||| %{smart_count} breaks',
  errors: {
    clock: 'Use a time from 00:00 to 24:00',
    end_before_start: 'Ends before it starts',
    break_outside: 'The break lies outside the working hours',
    break_overlap: 'The break overlaps another',
    weekday_twice: 'This day already has working hours',
  },
};
