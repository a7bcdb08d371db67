// The user's own settings screen in it: /user/settings.
export const userSettingsIt = {
  title: 'Le tue impostazioni',
  timezone_help: 'Date e orari sono mostrati in questo fuso orario.',
  naming: 'Le macchine sono indicate per',
  naming_organisation: 'La scelta della tua organizzazione',
  mail: 'E-mail',
  mail_enabled: 'Inviami e-mail',
  saved: 'Le tue impostazioni sono salvate.',
  save_failed: 'Non è stato possibile salvare le tue impostazioni, riprova.',
  mail_types: {
    invitations: 'Inviti',
    'shared-locations': 'Posizioni condivise',
    reports: 'Rapporti',
    alerts: 'Avvisi',
  },
};
