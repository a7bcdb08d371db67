// The second factor's words in fr: the sign-in's codes and /user/second-factor.
export const secondFactorCodesFr = {
  SECOND_FACTOR_REQUIRED:
    'Saisissez le code de votre application d’authentification, ou l’un de vos codes de secours.',
  SECOND_FACTOR_SETUP_REQUIRED:
    'Votre organisation exige la connexion en deux étapes. Configurez-la pour continuer.',
  SECOND_FACTOR_INVALID:
    'Ce code n’est pas le bon, ou a déjà servi. Essayez le code suivant de votre application.',
  SECOND_FACTOR_MANDATORY:
    'Votre organisation exige la connexion en deux étapes : elle ne peut pas être désactivée.',
};

export const secondFactorFr = {
  title: 'Connexion en deux étapes',
  intro:
    'Après votre mot de passe, la connexion demande aussi un code d’une application d’authentification sur votre téléphone (Google Authenticator, Microsoft Authenticator, 1Password ou toute application TOTP).',
  scan: 'Scannez ce code avec votre application d’authentification, puis saisissez les 6 chiffres qu’elle affiche.',
  qr_label: 'Code QR pour votre application d’authentification',
  or_type: 'Ou saisissez cette clé dans l’application :',
  code: 'Code',
  code_help: 'Les 6 chiffres affichés par votre application d’authentification.',
  code_help_recovery:
    'Les 6 chiffres de votre application d’authentification, ou un code de secours.',
  recovery_intro:
    'Vos codes de secours. Gardez-les en lieu sûr : chacun vous connecte une fois si vous perdez votre téléphone. Ils ne sont affichés que maintenant.',
  required_by_organisation:
    'Votre organisation exige la connexion en deux étapes. Configurez-la maintenant pour continuer.',
  required_by: 'Exigée par %{names} : elle ne peut pas être désactivée.',
  turn_on: 'Activer',
  confirm: 'Confirmer et activer',
  is_on:
    'La connexion en deux étapes est active. %{smart_count} code de secours restant |||| La connexion en deux étapes est active. %{smart_count} codes de secours restants',
  new_codes: 'Nouveaux codes de secours',
  turn_off: 'Désactiver',
  done_enable: 'La connexion en deux étapes est active',
  done_codes: 'Nouveaux codes de secours créés ; les anciens ne fonctionnent plus',
  done_disable: 'La connexion en deux étapes est désactivée',
  require_for: 'Exiger la connexion en deux étapes de tous dans %{name}',
};
