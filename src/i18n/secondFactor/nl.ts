// The second factor's words in nl: the sign-in's codes and /user/second-factor.
export const secondFactorCodesNl = {
  SECOND_FACTOR_REQUIRED: 'Voer de code uit uw authenticator-app in, of een van uw herstelcodes.',
  SECOND_FACTOR_SETUP_REQUIRED:
    'Uw organisatie vereist aanmelden in twee stappen. Stel het in om verder te gaan.',
  SECOND_FACTOR_INVALID:
    'Die code klopt niet of is al gebruikt. Probeer de volgende code van uw app.',
  SECOND_FACTOR_MANDATORY:
    'Uw organisatie vereist aanmelden in twee stappen; het kan niet worden uitgezet.',
};

export const secondFactorNl = {
  title: 'Aanmelden in twee stappen',
  intro:
    'Na uw wachtwoord vraagt het aanmelden ook om een code van een authenticator-app op uw telefoon (Google Authenticator, Microsoft Authenticator, 1Password of elke TOTP-app).',
  scan: 'Scan deze code met uw authenticator-app en voer dan de 6 cijfers in die hij toont.',
  qr_label: 'QR-code voor uw authenticator-app',
  or_type: 'Of typ deze sleutel in de app:',
  code: 'Code',
  code_help: 'De 6 cijfers die uw authenticator-app toont.',
  code_help_recovery: 'De 6 cijfers van uw authenticator-app, of een herstelcode.',
  recovery_intro:
    'Uw herstelcodes. Bewaar ze op een veilige plek: elke code meldt u één keer aan als u uw telefoon kwijt bent. Ze worden alleen nu getoond.',
  required_by_organisation:
    'Uw organisatie vereist aanmelden in twee stappen. Stel het nu in om verder te gaan.',
  required_by: 'Vereist door %{names}: het kan niet worden uitgezet.',
  turn_on: 'Aanzetten',
  confirm: 'Bevestigen en aanzetten',
  is_on:
    'Aanmelden in twee stappen staat aan. Nog %{smart_count} herstelcode |||| Aanmelden in twee stappen staat aan. Nog %{smart_count} herstelcodes',
  new_codes: 'Nieuwe herstelcodes',
  turn_off: 'Uitzetten',
  done_enable: 'Aanmelden in twee stappen staat aan',
  done_codes: 'Nieuwe herstelcodes gemaakt; de oude werken niet meer',
  done_disable: 'Aanmelden in twee stappen staat uit',
  require_for: 'Aanmelden in twee stappen vereisen voor iedereen in %{name}',
};
