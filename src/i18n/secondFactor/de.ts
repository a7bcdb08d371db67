// The second factor's words in de: the sign-in's codes and /user/second-factor.
export const secondFactorCodesDe = {
  SECOND_FACTOR_REQUIRED:
    'Geben Sie den Code aus Ihrer Authenticator-App oder einen Ihrer Wiederherstellungscodes ein.',
  SECOND_FACTOR_SETUP_REQUIRED:
    'Ihre Organisation verlangt die Anmeldung in zwei Schritten. Richten Sie sie ein, um fortzufahren.',
  SECOND_FACTOR_INVALID:
    'Dieser Code stimmt nicht oder wurde schon verwendet. Versuchen Sie den nächsten Code Ihrer App.',
  SECOND_FACTOR_MANDATORY:
    'Ihre Organisation verlangt die Anmeldung in zwei Schritten; sie kann nicht ausgeschaltet werden.',
};

export const secondFactorDe = {
  title: 'Anmeldung in zwei Schritten',
  intro:
    'Nach Ihrem Passwort fragt die Anmeldung auch nach einem Code einer Authenticator-App auf Ihrem Telefon (Google Authenticator, Microsoft Authenticator, 1Password oder jede TOTP-App).',
  scan: 'Scannen Sie diesen Code mit Ihrer Authenticator-App und geben Sie dann die 6 Ziffern ein, die sie anzeigt.',
  qr_label: 'QR-Code für Ihre Authenticator-App',
  or_type: 'Oder geben Sie diesen Schlüssel in die App ein:',
  code: 'Code',
  code_help: 'Die 6 Ziffern, die Ihre Authenticator-App anzeigt.',
  code_help_recovery: 'Die 6 Ziffern Ihrer Authenticator-App oder ein Wiederherstellungscode.',
  recovery_intro:
    'Ihre Wiederherstellungscodes. Bewahren Sie sie sicher auf: Jeder meldet Sie einmal an, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt angezeigt.',
  required_by_organisation:
    'Ihre Organisation verlangt die Anmeldung in zwei Schritten. Richten Sie sie jetzt ein, um fortzufahren.',
  required_by: 'Verlangt von %{names}: kann nicht ausgeschaltet werden.',
  turn_on: 'Einschalten',
  confirm: 'Bestätigen und einschalten',
  is_on:
    'Die Anmeldung in zwei Schritten ist an. %{smart_count} Wiederherstellungscode übrig |||| Die Anmeldung in zwei Schritten ist an. %{smart_count} Wiederherstellungscodes übrig',
  new_codes: 'Neue Wiederherstellungscodes',
  turn_off: 'Ausschalten',
  done_enable: 'Die Anmeldung in zwei Schritten ist an',
  done_codes: 'Neue Wiederherstellungscodes erstellt; die alten gelten nicht mehr',
  done_disable: 'Die Anmeldung in zwei Schritten ist aus',
  require_for: 'Anmeldung in zwei Schritten für alle in %{name} verlangen',
};
