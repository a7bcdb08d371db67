// Nederlands: de accountschermen.
import type { accountsEn, userResourcesEn, usersEn } from './en.ts';
import type { Catalog } from '../catalog.ts';

const userFields = {
  name: 'Naam',
  email: 'E-mailadres',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  role: 'Rol',
  status: 'Status',
  organisations: 'Organisaties',
  organisationName: 'Organisatie',
  lastLogin: 'Laatst aangemeld',
  secondFactor: 'Aanmelden in twee stappen',
  language: 'Taal',
  timezone: 'Tijdzone',
  reportCategories: 'Rapportcategorieën',
  organisationId: 'Organisatie',
  password: 'Wachtwoord',
};

export const userResourcesNl: Catalog<typeof userResourcesEn> = {
  users: { name: 'Gebruiker |||| Gebruikers', fields: userFields },
  'portal/users': { name: 'Klantgebruiker |||| Klantgebruikers', fields: userFields },
  'admin/sso-providers': {
    name: 'Aanbieder voor eenmalige aanmelding |||| Eenmalige aanmelding',
    fields: {
      organisationId: 'Organisatie',
      organisationName: 'Organisatie',
      emailDomain: 'E-maildomein',
      name: 'Naam bij aanmelden',
      issuer: 'Issuer-URL',
      clientId: 'Client-id',
      clientSecret: 'Clientgeheim',
      createUsers: 'Accounts aanmaken bij eerste aanmelding',
      defaultRole: 'Rol van nieuwe accounts',
      type: 'Protocol',
      metadataUrl: 'Metadata-URL van de identiteitsprovider',
      callbackUrl: 'Antwoorden komen terug op',
      spEntityId: 'Onze entity-id',
    },
  },
};

export const usersNl: Catalog<typeof usersEn> = {
  customers_title: 'Gebruikers van klanten',
  create_title: 'Gebruiker aanmaken',
  create_password_help:
    'Maakt het account meteen aan, zonder uitnodiging: geef de persoon het wachtwoord door. Minstens 10 tekens, moeilijk te raden.',
  roles: { internal: 'Medewerker', admin: 'Beheerder', viewer: 'Kijker' },
  statuses: {
    active: 'Actief',
    invited: 'Uitgenodigd',
    'invitation-expired': 'Uitnodiging verlopen',
  },
  invite: {
    open: 'Gebruikers uitnodigen',
    title: 'Gebruikers uitnodigen',
    many: 'Nodig meerdere mensen van een klant tegelijk uit: ieder krijgt een eigen link per e-mail.',
    emails: 'E-mailadressen',
    emails_help: 'Scheid adressen met komma’s',
    emails_count: '%{smart_count} adres |||| %{smart_count} adressen',
    invalid: 'Geen e-mailadressen: %{emails}',
    send: 'Uitnodigingen versturen',
    sent: 'Uitnodiging verstuurd |||| %{smart_count} uitnodigingen verstuurd',
    sent_skipping: '%{sent}; al in de organisatie, niet uitgenodigd: %{emails}',
    no_customers: 'Er huurt op dit moment geen klantorganisatie bij u.',
  },
  reinvite: 'Uitnodiging opnieuw versturen',
  reinvited: 'Er ging een nieuwe uitnodiging naar %{email}; de oude link werkt niet meer.',
  saved: 'Wijzigingen aan %{name} opgeslagen.',
  read_only:
    'U hebt alleen leestoegang: een beheerder van de organisatie kan deze gegevens wijzigen.',
};

export const accountsNl: Catalog<typeof accountsEn> = {
  new_password: 'Nieuw wachtwoord',
  repeat_password: 'Herhaal het wachtwoord',
  password_rule: 'Minstens %{min} tekens; meerdere ongebruikelijke woorden werken het best.',
  passwords_differ: 'De twee wachtwoorden verschillen.',
  back_to_sign_in: 'Terug naar aanmelden',
  codes: {
    EXPIRED_CODE: 'Deze herstellink is verlopen. Vraag een nieuwe aan.',
    INVALID_CODE: 'Deze herstellink is ongeldig of al gebruikt. Vraag een nieuwe aan.',
    USER_DISABLED: 'Dit account is uitgeschakeld. Neem contact op met uw beheerder.',
    WEAK_PASSWORD:
      'Dit wachtwoord is te makkelijk te raden. Gebruik minstens 10 tekens: meerdere ongebruikelijke woorden, geen namen, datums of veelgebruikte wachtwoorden.',
    INVALID_TOKEN:
      'Deze link is ongeldig. Controleer of u de volledige link uit de e-mail hebt geopend.',
    EXPIRED: 'Deze link is verlopen.',
    ALREADY_ACCEPTED: 'Deze uitnodiging is al geaccepteerd.',
    EMAIL_ALREADY_EXISTS: 'Al in de organisatie:',
    EMAIL_NOT_CONFIRMED:
      'Bevestig eerst uw e-mailadres met de link die we stuurden, en meld u daarna aan.',
    REGISTRATION_CLOSED:
      'Dit portaal neemt geen nieuwe registraties aan. Vraag uw verhuurder of beheerder om een uitnodiging.',
    LAST_ADMIN: 'Een organisatie moet minstens één beheerder houden.',
    NETWORK_ERROR:
      'We konden geen verbinding maken met het product. Controleer uw internetverbinding en probeer het opnieuw. Neem contact op met support als het probleem blijft',
    SERVER_ERROR:
      'Er ging iets mis, probeer het later opnieuw. Neem contact op met support als het probleem blijft',
    TOO_MANY_ATTEMPTS: 'Te veel pogingen. Wacht een paar minuten en probeer het opnieuw.',
  },
  forgot: {
    link: 'Wachtwoord vergeten?',
    title: 'Wachtwoord herstellen',
    subtitle: 'We mailen u een link om een nieuw wachtwoord te kiezen.',
    send: 'Link versturen',
    sent_title: 'Controleer uw e-mail',
    sent: 'Als %{email} een account heeft, is een herstellink onderweg. Die werkt één uur.',
    send_again: 'Opnieuw versturen',
    ask_again: 'Nieuwe link aanvragen',
  },
  reset: {
    title: 'Kies een nieuw wachtwoord',
    subtitle: 'Voor %{email}',
    save: 'Nieuw wachtwoord opslaan',
    done: 'Uw wachtwoord is gewijzigd en u bent overal elders afgemeld. Meld u aan met het nieuwe wachtwoord.',
  },
  rsvp: {
    title: 'Uw uitnodiging',
    invited: '%{who} heeft u uitgenodigd voor %{organisation} als %{role}.',
    someone: 'Een beheerder',
    existing_account:
      'U hebt al een account met dit adres: accepteren voegt deze organisatie eraan toe. Meld u aan met uw gewone wachtwoord.',
    accept: 'Uitnodiging accepteren',
    accepted: 'Welkom bij %{organisation}. Meld u aan om te beginnen.',
    INVALID_TOKEN:
      'Deze uitnodigingslink is ongeldig. Controleer of u de volledige link hebt geopend, of vraag een nieuwe uitnodiging.',
    EXPIRED:
      'Deze uitnodiging is verlopen. Vraag degene die u uitnodigde om haar opnieuw te versturen.',
    ALREADY_ACCEPTED: 'Deze uitnodiging is al geaccepteerd. Meld u aan met uw account.',
    SERVER_ERROR:
      'Er ging iets mis bij het openen van de uitnodiging, probeer het later opnieuw. Neem contact op met support als het probleem blijft',
    NETWORK_ERROR:
      'We konden geen verbinding maken met het product. Controleer uw internetverbinding en probeer het opnieuw.',
  },
  register: {
    link: 'Organisatie registreren',
    title: 'Registreer uw organisatie',
    subtitle: 'U wordt de eerste beheerder; we mailen u een link om uw adres te bevestigen.',
    organisation_name: 'Naam van de organisatie',
    organisation_type: 'Soort organisatie',
    types: {
      rental: 'Verhuurbedrijf',
      'rental-end-user': 'Verhuurbedrijf dat ook inhuurt',
      'end-user': 'Aannemer of machinegebruiker',
    },
    types_help: {
      rental: 'U verhuurt machines aan klanten.',
      'rental-end-user': 'U verhuurt machines en huurt in bij andere verhuurders.',
      'end-user': 'U gebruikt eigen machines of huurt ze in.',
    },
    submit: 'Registreren',
    sent: 'Bijna klaar: we stuurden een link naar %{email}. Volg die om uw adres te bevestigen en meld u daarna aan.',
    confirm_title: 'Bevestig uw e-mailadres',
    confirmed: 'Uw adres is bevestigd. Meld u aan om te beginnen.',
    INVALID_TOKEN: 'Deze bevestigingslink is ongeldig.',
    EXPIRED: 'Deze bevestigingslink is verlopen. Registreer opnieuw.',
    ALREADY_ACCEPTED: 'Dit adres is al bevestigd. Meld u aan.',
  },
  unsubscribe: {
    title: 'Afmelden',
    question: 'Geen e-mails van het soort “%{kind}” meer ontvangen van het vlootportaal?',
    confirm: 'Afmelden',
    done: '%{email} ontvangt geen e-mails van het soort “%{kind}” meer.',
    INVALID_TOKEN: 'Deze afmeldlink is ongeldig of verlopen.',
    stop_all: 'In plaats daarvan alle e-mails van het vlootportaal stoppen',
    done_all:
      '%{email} ontvangt geen e-mails meer van het vlootportaal, behalve aangevraagde (zoals een wachtwoordherstel).',
  },
  email_types: {
    invitations: 'uitnodiging',
    'shared-locations': 'gedeelde locatie',
    reports: 'rapport',
    alerts: 'melding',
  },
  custom_token: {
    title: 'Aanmelden',
    signing_in: 'U wordt aangemeld…',
    failed:
      'Deze aanmeldlink kan niet worden gebruikt: hij is ongeldig, al gebruikt of verlopen. Open hem opnieuw vanuit uw applicatie, of meld u aan met uw e-mailadres.',
    to_login: 'Naar aanmelden',
  },
  sso: {
    title: 'Eenmalige aanmelding',
    redirecting: 'Doorsturen naar de aanmelding van uw organisatie…',
    finishing: 'U wordt aangemeld…',
    codes: {
      SSO_NOT_CONFIGURED:
        'Voor dit e-maildomein is geen eenmalige aanmelding ingesteld. Meld u aan met uw wachtwoord of vraag uw beheerder.',
      SSO_STATE_INVALID:
        'Deze aanmelding is niet hier begonnen, al gebruikt of duurde te lang. Begin opnieuw.',
      SSO_PROVIDER_REFUSED:
        'De aanmelddienst van uw organisatie heeft u niet aangemeld. Probeer het opnieuw of vraag uw beheerder.',
      SSO_NO_ACCOUNT:
        'Uw organisatie heeft u nog geen toegang tot het portaal gegeven. Vraag uw beheerder om een uitnodiging.',
      SSO_WRONG_DOMAIN:
        'De aanmelddienst van uw organisatie meldde een ander adres aan dan u opgaf.',
      NETWORK_ERROR:
        'We konden geen verbinding maken met het product. Controleer uw internetverbinding en probeer het opnieuw.',
      SERVER_ERROR:
        'Er ging iets mis bij het aanmelden, probeer het later opnieuw. Neem contact op met support als het probleem blijft',
    },
  },
  sso_providers: {
    domain_help: 'Adressen van dit domein melden zich aan via deze aanbieder.',
    issuer_help:
      'De issuer van de OpenID-aanbieder; zijn /.well-known/openid-configuration wordt gelezen.',
    secret_kept: 'Laat leeg om het opgeslagen geheim te houden.',
    create_users_help: 'Anders kunnen alleen eerst uitgenodigde mensen zich aanmelden.',
    metadata_help:
      'Het SAML 2.0-metadata-adres van de identiteitsprovider; het wordt bij opslaan gelezen.',
    register_help:
      'Registreer deze twee adressen bij de identiteitsprovider (onze metadata staat op de entity-id).',
  },
  selection: {
    title: 'Waarheen?',
    subtitle:
      'U hoort bij meerdere organisaties. Kies er één; later wisselen kan via het gebruikersmenu.',
  },
};
