// The user's own settings screen in fr: /user/settings.
export const userSettingsFr = {
  title: 'Vos paramètres',
  timezone_help: 'Les dates et heures sont affichées dans ce fuseau horaire.',
  naming: 'Les machines sont nommées par',
  naming_organisation: 'Le choix de votre organisation',
  mail: 'E-mail',
  mail_enabled: 'M’envoyer des e-mails',
  saved: 'Vos paramètres sont enregistrés.',
  save_failed: 'Vos paramètres n’ont pas pu être enregistrés, veuillez réessayer.',
  mail_types: {
    invitations: 'Invitations',
    'shared-locations': 'Positions partagées',
    reports: 'Rapports',
    alerts: 'Alertes',
  },
};
