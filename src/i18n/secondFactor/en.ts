// The second factor's words in en: the sign-in's codes and /user/second-factor.
export const secondFactorCodesEn = {
  SECOND_FACTOR_REQUIRED:
    'Enter the code from your authenticator app, or one of your recovery codes.',
  SECOND_FACTOR_SETUP_REQUIRED: 'Your organisation requires two-step sign-in. Set it up to go on.',
  SECOND_FACTOR_INVALID:
    'That code is not right, or was already used. Try the next code your app shows.',
  SECOND_FACTOR_MANDATORY:
    'Your organisation requires two-step sign-in, so it cannot be turned off.',
};

export const secondFactorEn = {
  title: 'Two-step sign-in',
  intro:
    'After your password, sign-in also asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password or any TOTP app).',
  scan: 'Scan this code with your authenticator app, then enter the 6 digits it shows.',
  qr_label: 'QR code for your authenticator app',
  or_type: 'Or type this key into the app:',
  code: 'Code',
  code_help: 'The 6 digits your authenticator app shows.',
  code_help_recovery: 'The 6 digits your authenticator app shows, or a recovery code.',
  recovery_intro:
    'Your recovery codes. Keep them somewhere safe: each signs you in once if you lose your phone. They are shown only now.',
  required_by_organisation: 'Your organisation requires two-step sign-in. Set it up now to go on.',
  required_by: 'Required by %{names}: it cannot be turned off.',
  turn_on: 'Turn on',
  confirm: 'Confirm and turn on',
  is_on:
    'Two-step sign-in is on. %{smart_count} recovery code left |||| Two-step sign-in is on. %{smart_count} recovery codes left',
  new_codes: 'New recovery codes',
  turn_off: 'Turn off',
  done_enable: 'Two-step sign-in is on',
  done_codes: 'New recovery codes made; the old ones no longer work',
  done_disable: 'Two-step sign-in is off',
  require_for: 'Require two-step sign-in of everyone in %{name}',
};
