// The user's own settings screen in de: /user/settings.
export const userSettingsDe = {
  title: 'Ihre Einstellungen',
  timezone_help: 'Datum und Uhrzeit werden in dieser Zeitzone angezeigt.',
  naming: 'Maschinen werden benannt nach',
  naming_organisation: 'Vorgabe Ihrer Organisation',
  mail: 'E-Mail',
  mail_enabled: 'E-Mails an mich senden',
  saved: 'Ihre Einstellungen sind gespeichert.',
  save_failed:
    'Ihre Einstellungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  mail_types: {
    invitations: 'Einladungen',
    'shared-locations': 'Geteilte Standorte',
    reports: 'Berichte',
    alerts: 'Warnungen',
  },
};
