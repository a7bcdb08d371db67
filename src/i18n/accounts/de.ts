// Deutsch: die Konto-Bildschirme.
import type { accountsEn, userResourcesEn, usersEn } from './en.ts';
import type { Catalog } from '../catalog.ts';

const userFields = {
  name: 'Name',
  email: 'E-Mail-Adresse',
  firstName: 'Vorname',
  lastName: 'Nachname',
  role: 'Rolle',
  status: 'Status',
  organisations: 'Organisationen',
  organisationName: 'Organisation',
  lastLogin: 'Letzte Anmeldung',
  secondFactor: 'Anmeldung in zwei Schritten',
  language: 'Sprache',
  timezone: 'Zeitzone',
  reportCategories: 'Berichtskategorien',
  organisationId: 'Organisation',
  password: 'Passwort',
};

export const userResourcesDe: Catalog<typeof userResourcesEn> = {
  users: { name: 'Benutzer |||| Benutzer', fields: userFields },
  'portal/users': { name: 'Kundenbenutzer |||| Kundenbenutzer', fields: userFields },
  'admin/sso-providers': {
    name: 'Einmalanmeldungs-Anbieter |||| Einmalanmeldung',
    fields: {
      organisationId: 'Organisation',
      organisationName: 'Organisation',
      emailDomain: 'E-Mail-Domain',
      name: 'Name bei der Anmeldung',
      issuer: 'Issuer-URL',
      clientId: 'Client-ID',
      clientSecret: 'Client-Geheimnis',
      createUsers: 'Konten bei der ersten Anmeldung anlegen',
      defaultRole: 'Rolle neuer Konten',
      type: 'Protokoll',
      metadataUrl: 'Metadaten-URL des Identitätsanbieters',
      callbackUrl: 'Antworten gehen an',
      spEntityId: 'Unsere Entity-ID',
    },
  },
};

export const usersDe: Catalog<typeof usersEn> = {
  customers_title: 'Benutzer der Kunden',
  create_title: 'Benutzer anlegen',
  create_password_help:
    'Legt das Konto sofort an, ohne Einladung: Teilen Sie der Person ihr Passwort mit. Mindestens 10 Zeichen, schwer zu erraten.',
  roles: { internal: 'Mitarbeiter', admin: 'Administrator', viewer: 'Betrachter' },
  statuses: {
    active: 'Aktiv',
    invited: 'Eingeladen',
    'invitation-expired': 'Einladung abgelaufen',
  },
  invite: {
    open: 'Benutzer einladen',
    title: 'Benutzer einladen',
    many: 'Mehrere Personen eines Kunden auf einmal einladen: Jede erhält ihren eigenen Link per E-Mail.',
    emails: 'E-Mail-Adressen',
    emails_help: 'Adressen mit Kommas trennen',
    emails_count: '%{smart_count} Adresse |||| %{smart_count} Adressen',
    invalid: 'Keine E-Mail-Adressen: %{emails}',
    send: 'Einladungen senden',
    sent: 'Einladung gesendet |||| %{smart_count} Einladungen gesendet',
    sent_skipping: '%{sent}; schon in der Organisation, nicht eingeladen: %{emails}',
    no_customers: 'Derzeit mietet keine Kundenorganisation bei Ihnen.',
  },
  reinvite: 'Einladung erneut senden',
  reinvited: 'Eine neue Einladung ging an %{email}; der alte Link funktioniert nicht mehr.',
  saved: 'Änderungen an %{name} gespeichert.',
  read_only:
    'Sie haben nur Lesezugriff: Ein Administrator der Organisation kann diese Angaben ändern.',
};

export const accountsDe: Catalog<typeof accountsEn> = {
  new_password: 'Neues Passwort',
  repeat_password: 'Passwort wiederholen',
  password_rule: 'Mindestens %{min} Zeichen; mehrere ungewöhnliche Wörter sind am besten.',
  passwords_differ: 'Die beiden Passwörter stimmen nicht überein.',
  back_to_sign_in: 'Zurück zur Anmeldung',
  codes: {
    EXPIRED_CODE: 'Dieser Link zum Zurücksetzen ist abgelaufen. Fordern Sie einen neuen an.',
    INVALID_CODE:
      'Dieser Link zum Zurücksetzen ist ungültig oder wurde bereits verwendet. Fordern Sie einen neuen an.',
    USER_DISABLED: 'Dieses Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
    WEAK_PASSWORD:
      'Dieses Passwort ist zu leicht zu erraten. Verwenden Sie mindestens 10 Zeichen: mehrere ungewöhnliche Wörter, keine Namen, Daten oder gängigen Passwörter.',
    INVALID_TOKEN:
      'Dieser Link ist ungültig. Bitte prüfen Sie, ob Sie den vollständigen Link aus der E-Mail geöffnet haben.',
    EXPIRED: 'Dieser Link ist abgelaufen.',
    ALREADY_ACCEPTED: 'Diese Einladung wurde bereits angenommen.',
    EMAIL_ALREADY_EXISTS: 'Bereits in der Organisation:',
    EMAIL_NOT_CONFIRMED:
      'Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem zugesandten Link, bevor Sie sich anmelden.',
    REGISTRATION_CLOSED:
      'Dieses Portal nimmt keine neuen Registrierungen an. Bitten Sie Ihren Vermieter oder Administrator um eine Einladung.',
    LAST_ADMIN: 'Eine Organisation muss mindestens einen Administrator behalten.',
    NETWORK_ERROR:
      'Wir konnten keine Verbindung zum Produkt herstellen. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support',
    SERVER_ERROR:
      'Etwas ist schiefgelaufen, bitte versuchen Sie es später erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support',
    TOO_MANY_ATTEMPTS:
      'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  },
  forgot: {
    link: 'Passwort vergessen?',
    title: 'Passwort zurücksetzen',
    subtitle: 'Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
    send: 'Link senden',
    sent_title: 'Prüfen Sie Ihre E-Mails',
    sent: 'Falls %{email} ein Konto hat, ist ein Link zum Zurücksetzen des Passworts unterwegs. Er gilt eine Stunde.',
    send_again: 'Erneut senden',
    ask_again: 'Neuen Link anfordern',
  },
  reset: {
    title: 'Neues Passwort wählen',
    subtitle: 'Für %{email}',
    save: 'Neues Passwort speichern',
    done: 'Ihr Passwort wurde geändert und Sie wurden überall sonst abgemeldet. Melden Sie sich mit dem neuen Passwort an.',
  },
  rsvp: {
    title: 'Ihre Einladung',
    invited: '%{who} hat Sie als %{role} zu %{organisation} eingeladen.',
    someone: 'Ein Administrator',
    existing_account:
      'Sie haben bereits ein Konto mit dieser Adresse: Durch Annehmen kommt diese Organisation hinzu. Melden Sie sich mit Ihrem gewohnten Passwort an.',
    accept: 'Einladung annehmen',
    accepted: 'Willkommen bei %{organisation}. Melden Sie sich an, um zu beginnen.',
    INVALID_TOKEN:
      'Dieser Einladungslink ist ungültig. Bitte prüfen Sie, ob Sie den vollständigen Link geöffnet haben, oder bitten Sie um eine neue Einladung.',
    EXPIRED:
      'Diese Einladung ist abgelaufen. Bitten Sie die einladende Person, sie erneut zu senden.',
    ALREADY_ACCEPTED:
      'Diese Einladung wurde bereits angenommen. Melden Sie sich mit Ihrem Konto an.',
    SERVER_ERROR:
      'Beim Öffnen der Einladung ist etwas schiefgelaufen, bitte versuchen Sie es später erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support',
    NETWORK_ERROR:
      'Wir konnten keine Verbindung zum Produkt herstellen. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  },
  register: {
    link: 'Organisation registrieren',
    title: 'Organisation registrieren',
    subtitle:
      'Sie werden ihr erster Administrator; wir senden Ihnen einen Link zur Bestätigung Ihrer Adresse.',
    organisation_name: 'Name der Organisation',
    organisation_type: 'Art der Organisation',
    types: {
      rental: 'Vermieter',
      'rental-end-user': 'Vermieter, der auch anmietet',
      'end-user': 'Bauunternehmen oder Maschinennutzer',
    },
    types_help: {
      rental: 'Sie vermieten Maschinen an Kunden.',
      'rental-end-user': 'Sie vermieten Maschinen und mieten bei anderen Vermietern an.',
      'end-user': 'Sie betreiben eigene Maschinen oder mieten sie an.',
    },
    submit: 'Registrieren',
    sent: 'Fast geschafft: Wir haben einen Link an %{email} gesendet. Bestätigen Sie damit Ihre Adresse und melden Sie sich dann an.',
    confirm_title: 'E-Mail-Adresse bestätigen',
    confirmed: 'Ihre Adresse ist bestätigt. Melden Sie sich an, um zu beginnen.',
    INVALID_TOKEN: 'Dieser Bestätigungslink ist ungültig.',
    EXPIRED: 'Dieser Bestätigungslink ist abgelaufen. Bitte registrieren Sie sich erneut.',
    ALREADY_ACCEPTED: 'Diese Adresse ist bereits bestätigt. Melden Sie sich an.',
  },
  unsubscribe: {
    title: 'Abmelden',
    question: 'Keine E-Mails der Art „%{kind}“ mehr vom Flottenportal erhalten?',
    confirm: 'Abmelden',
    done: '%{email} erhält keine E-Mails der Art „%{kind}“ mehr.',
    INVALID_TOKEN: 'Dieser Abmeldelink ist ungültig oder abgelaufen.',
    stop_all: 'Stattdessen alle E-Mails des Flottenportals abbestellen',
    done_all:
      '%{email} erhält keine E-Mails des Flottenportals mehr, außer angeforderten (etwa zum Zurücksetzen des Passworts).',
  },
  email_types: {
    invitations: 'Einladung',
    'shared-locations': 'Geteilter Standort',
    reports: 'Bericht',
    alerts: 'Warnung',
  },
  custom_token: {
    title: 'Anmeldung',
    signing_in: 'Sie werden angemeldet…',
    failed:
      'Dieser Anmeldelink kann nicht verwendet werden: Er ist ungültig, wurde bereits benutzt oder ist abgelaufen. Öffnen Sie ihn erneut aus Ihrer Anwendung oder melden Sie sich mit Ihrer E-Mail-Adresse an.',
    to_login: 'Zur Anmeldung',
  },
  sso: {
    title: 'Einmalanmeldung',
    redirecting: 'Weiter zur Anmeldung Ihrer Organisation…',
    finishing: 'Sie werden angemeldet…',
    codes: {
      SSO_NOT_CONFIGURED:
        'Für diese E-Mail-Domain ist keine Einmalanmeldung eingerichtet. Melden Sie sich mit Ihrem Passwort an oder fragen Sie Ihren Administrator.',
      SSO_STATE_INVALID:
        'Diese Anmeldung wurde nicht hier begonnen, bereits verwendet oder hat zu lange gedauert. Bitte beginnen Sie erneut.',
      SSO_PROVIDER_REFUSED:
        'Der Anmeldedienst Ihrer Organisation hat Sie nicht angemeldet. Bitte versuchen Sie es erneut oder fragen Sie Ihren Administrator.',
      SSO_NO_ACCOUNT:
        'Ihre Organisation hat Ihnen noch keinen Zugang zum Portal gegeben. Bitten Sie Ihren Administrator um eine Einladung.',
      SSO_WRONG_DOMAIN:
        'Der Anmeldedienst Ihrer Organisation hat eine andere Adresse angemeldet als die angegebene.',
      NETWORK_ERROR:
        'Wir konnten keine Verbindung zum Produkt herstellen. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
      SERVER_ERROR:
        'Bei der Anmeldung ist etwas schiefgelaufen, bitte versuchen Sie es später erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support',
    },
  },
  sso_providers: {
    domain_help: 'Adressen dieser Domain melden sich über diesen Anbieter an.',
    issuer_help:
      'Der Issuer des OpenID-Anbieters; seine /.well-known/openid-configuration wird gelesen.',
    secret_kept: 'Leer lassen, um das gespeicherte Geheimnis zu behalten.',
    create_users_help: 'Sonst können sich nur zuvor eingeladene Personen anmelden.',
    metadata_help:
      'Die SAML-2.0-Metadatenadresse des Identitätsanbieters; sie wird beim Speichern gelesen.',
    register_help:
      'Tragen Sie diese zwei Adressen beim Identitätsanbieter ein (unsere Metadaten liegen unter der Entity-ID).',
  },
  selection: {
    title: 'Wohin?',
    subtitle:
      'Sie gehören mehreren Organisationen an. Wählen Sie eine; wechseln können Sie später über das Benutzermenü.',
  },
};
