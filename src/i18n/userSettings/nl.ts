// The user's own settings screen in nl: /user/settings.
export const userSettingsNl = {
  title: 'Uw instellingen',
  timezone_help: 'Datums en tijden worden in deze tijdzone getoond.',
  naming: 'Machines worden benoemd met',
  naming_organisation: 'De keuze van uw organisatie',
  mail: 'E-mail',
  mail_enabled: 'Stuur mij e-mails',
  saved: 'Uw instellingen zijn opgeslagen.',
  save_failed: 'Uw instellingen konden niet worden opgeslagen, probeer het opnieuw.',
  mail_types: {
    invitations: 'Uitnodigingen',
    'shared-locations': 'Gedeelde locaties',
    reports: 'Rapporten',
    alerts: 'Waarschuwingen',
  },
};
