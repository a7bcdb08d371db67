// The user's own settings screen in en: /user/settings.
export const userSettingsEn = {
  title: 'Your settings',
  timezone_help: 'Dates and times are shown in this time zone.',
  naming: 'Machines are named by',
  naming_organisation: "Your organisation's choice",
  mail: 'E-mail',
  mail_enabled: 'Send me e-mails',
  saved: 'Your settings are saved.',
  save_failed: 'Your settings could not be saved, please try again.',
  mail_types: {
    invitations: 'Invitations',
    'shared-locations': 'Shared locations',
    reports: 'Reports',
    alerts: 'Alerts',
  },
};
