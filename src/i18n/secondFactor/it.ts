// The second factor's words in it: the sign-in's codes and /user/second-factor.
export const secondFactorCodesIt = {
  SECOND_FACTOR_REQUIRED:
    'Inserite il codice della vostra app di autenticazione, o uno dei vostri codici di recupero.',
  SECOND_FACTOR_SETUP_REQUIRED:
    'La vostra organizzazione richiede l’accesso in due passaggi. Configuratelo per continuare.',
  SECOND_FACTOR_INVALID:
    'Il codice non è corretto o è già stato usato. Provate il codice successivo della app.',
  SECOND_FACTOR_MANDATORY:
    'La vostra organizzazione richiede l’accesso in due passaggi: non può essere disattivato.',
};

export const secondFactorIt = {
  title: 'Accesso in due passaggi',
  intro:
    'Dopo la password, l’accesso chiede anche un codice di una app di autenticazione sul telefono (Google Authenticator, Microsoft Authenticator, 1Password o qualsiasi app TOTP).',
  scan: 'Inquadrate questo codice con la app di autenticazione, poi inserite le 6 cifre che mostra.',
  qr_label: 'Codice QR per la vostra app di autenticazione',
  or_type: 'Oppure digitate questa chiave nella app:',
  code: 'Codice',
  code_help: 'Le 6 cifre mostrate dalla app di autenticazione.',
  code_help_recovery: 'Le 6 cifre della app di autenticazione, o un codice di recupero.',
  recovery_intro:
    'I vostri codici di recupero. Conservateli in un luogo sicuro: ognuno vi fa accedere una volta se perdete il telefono. Sono mostrati solo ora.',
  required_by_organisation:
    'La vostra organizzazione richiede l’accesso in due passaggi. Configuratelo ora per continuare.',
  required_by: 'Richiesto da %{names}: non può essere disattivato.',
  turn_on: 'Attiva',
  confirm: 'Conferma e attiva',
  is_on:
    'L’accesso in due passaggi è attivo. Resta %{smart_count} codice di recupero |||| L’accesso in due passaggi è attivo. Restano %{smart_count} codici di recupero',
  new_codes: 'Nuovi codici di recupero',
  turn_off: 'Disattiva',
  done_enable: 'L’accesso in due passaggi è attivo',
  done_codes: 'Nuovi codici di recupero creati; i vecchi non funzionano più',
  done_disable: 'L’accesso in due passaggi è disattivato',
  require_for: 'Richiedi l’accesso in due passaggi a tutti in %{name}',
};
