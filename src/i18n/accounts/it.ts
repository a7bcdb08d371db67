// Italiano: le schermate dell'account.
import type { accountsEn, userResourcesEn, usersEn } from './en.ts';
import type { Catalog } from '../catalog.ts';

const userFields = {
  name: 'Nome',
  email: 'Indirizzo e-mail',
  firstName: 'Nome',
  lastName: 'Cognome',
  role: 'Ruolo',
  status: 'Stato',
  organisations: 'Organizzazioni',
  organisationName: 'Organizzazione',
  lastLogin: 'Ultimo accesso',
  secondFactor: 'Accesso in due passaggi',
  language: 'Lingua',
  timezone: 'Fuso orario',
  reportCategories: 'Categorie di report',
  organisationId: 'Organizzazione',
  password: 'Password',
};

export const userResourcesIt: Catalog<typeof userResourcesEn> = {
  users: { name: 'Utente |||| Utenti', fields: userFields },
  'portal/users': { name: 'Utente cliente |||| Utenti clienti', fields: userFields },
  'admin/sso-providers': {
    name: 'Provider di accesso unico |||| Accesso unico',
    fields: {
      organisationId: 'Organizzazione',
      organisationName: 'Organizzazione',
      emailDomain: 'Dominio e-mail',
      name: "Nome mostrato all'accesso",
      issuer: "URL dell'emittente",
      clientId: 'ID client',
      clientSecret: 'Segreto client',
      createUsers: 'Crea gli account al primo accesso',
      defaultRole: 'Ruolo dei nuovi account',
      type: 'Protocollo',
      metadataUrl: 'URL dei metadati del provider di identità',
      callbackUrl: 'Le risposte tornano a',
      spEntityId: 'Il nostro entity id',
    },
  },
};

export const usersIt: Catalog<typeof usersEn> = {
  customers_title: 'Utenti dei clienti',
  create_title: 'Crea un utente',
  create_password_help:
    'Crea subito l’account, senza invito: comunicate la password alla persona. Almeno 10 caratteri, difficile da indovinare.',
  roles: { internal: 'Personale', admin: 'Amministratore', viewer: 'Lettore' },
  statuses: { active: 'Attivo', invited: 'Invitato', 'invitation-expired': 'Invito scaduto' },
  invite: {
    open: 'Invita utenti',
    title: 'Invita utenti',
    many: 'Invita più persone di un cliente in una volta: ognuna riceve il proprio link via e-mail.',
    emails: 'Indirizzi e-mail',
    emails_help: 'Separa gli indirizzi con virgole',
    emails_count: '%{smart_count} indirizzo |||| %{smart_count} indirizzi',
    invalid: 'Non sono indirizzi e-mail: %{emails}',
    send: 'Invia gli inviti',
    sent: 'Invito inviato |||| %{smart_count} inviti inviati',
    sent_skipping: '%{sent}; già nell’organizzazione, non invitati: %{emails}',
    no_customers: 'Al momento nessuna organizzazione cliente noleggia da voi.',
  },
  reinvite: "Invia di nuovo l'invito",
  reinvited: 'Un nuovo invito è partito per %{email}; il vecchio link non funziona più.',
  saved: 'Modifiche a %{name} salvate.',
  read_only:
    "Hai accesso in sola lettura: un amministratore dell'organizzazione può modificare questi dati.",
};

export const accountsIt: Catalog<typeof accountsEn> = {
  new_password: 'Nuova password',
  repeat_password: 'Ripeti la password',
  password_rule: 'Almeno %{min} caratteri; meglio alcune parole insolite.',
  passwords_differ: 'Le due password sono diverse.',
  back_to_sign_in: "Torna all'accesso",
  codes: {
    EXPIRED_CODE: 'Questo link di reimpostazione è scaduto. Richiedine uno nuovo.',
    INVALID_CODE:
      'Questo link di reimpostazione non è valido o è già stato usato. Richiedine uno nuovo.',
    USER_DISABLED: 'Questo account è stato disattivato. Contatta il tuo amministratore.',
    WEAK_PASSWORD:
      'Questa password è troppo facile da indovinare. Usa almeno 10 caratteri: alcune parole insolite, non nomi, date o password comuni.',
    INVALID_TOKEN:
      "Questo link non è valido. Controlla di aver aperto il link completo dell'e-mail.",
    EXPIRED: 'Questo link è scaduto.',
    ALREADY_ACCEPTED: 'Questo invito è già stato accettato.',
    EMAIL_ALREADY_EXISTS: "Già nell'organizzazione:",
    EMAIL_NOT_CONFIRMED:
      'Conferma il tuo indirizzo e-mail con il link che ti abbiamo inviato prima di accedere.',
    REGISTRATION_CLOSED:
      'Questo portale non accetta nuove registrazioni. Chiedi un invito al tuo noleggiatore o amministratore.',
    LAST_ADMIN: "Un'organizzazione deve mantenere almeno un amministratore.",
    NETWORK_ERROR:
      'Non siamo riusciti a connetterci al prodotto, controlla la connessione internet e riprova. Se il problema persiste, contatta il supporto',
    SERVER_ERROR:
      'Qualcosa è andato storto, riprova più tardi. Se il problema persiste, contatta il supporto',
    TOO_MANY_ATTEMPTS: 'Troppi tentativi. Attendi qualche minuto e riprova.',
  },
  forgot: {
    link: 'Password dimenticata?',
    title: 'Reimposta la password',
    subtitle: 'Ti invieremo un link per scegliere una nuova password.',
    send: 'Invia il link',
    sent_title: 'Controlla la tua e-mail',
    sent: "Se %{email} ha un account, un link per reimpostare la password è in arrivo. Funziona per un'ora.",
    send_again: 'Invia di nuovo',
    ask_again: 'Richiedi un nuovo link',
  },
  reset: {
    title: 'Scegli una nuova password',
    subtitle: 'Per %{email}',
    save: 'Salva la nuova password',
    done: 'La password è cambiata e sei stato disconnesso ovunque. Accedi con la nuova password.',
  },
  rsvp: {
    title: 'Il tuo invito',
    invited: '%{who} ti ha invitato in %{organisation} come %{role}.',
    someone: 'Un amministratore',
    existing_account:
      'Hai già un account con questo indirizzo: accettando vi si aggiunge questa organizzazione. Accedi con la tua password abituale.',
    accept: "Accetta l'invito",
    accepted: 'Benvenuto in %{organisation}. Accedi per iniziare.',
    INVALID_TOKEN:
      'Questo link di invito non è valido. Controlla di aver aperto il link completo, o chiedi un nuovo invito.',
    EXPIRED: 'Questo invito è scaduto. Chiedi a chi ti ha invitato di inviarlo di nuovo.',
    ALREADY_ACCEPTED: 'Questo invito è già stato accettato. Accedi con il tuo account.',
    SERVER_ERROR:
      "Qualcosa è andato storto aprendo l'invito, riprova più tardi. Se il problema persiste, contatta il supporto",
    NETWORK_ERROR:
      'Non siamo riusciti a connetterci al prodotto, controlla la connessione internet e riprova.',
  },
  register: {
    link: "Registra un'organizzazione",
    title: 'Registra la tua organizzazione',
    subtitle:
      'Ne diventi il primo amministratore; ti inviamo un link per confermare il tuo indirizzo.',
    organisation_name: "Nome dell'organizzazione",
    organisation_type: 'Tipo di organizzazione',
    types: {
      rental: 'Società di noleggio',
      'rental-end-user': 'Società di noleggio che noleggia anche',
      'end-user': 'Impresa o utilizzatore di macchine',
    },
    types_help: {
      rental: 'Noleggi macchine ai clienti.',
      'rental-end-user': 'Noleggi macchine e ne prendi a noleggio da altre società.',
      'end-user': 'Usi macchine tue o noleggiate.',
    },
    submit: 'Registrati',
    sent: 'Quasi fatto: abbiamo inviato un link a %{email}. Seguilo per confermare il tuo indirizzo, poi accedi.',
    confirm_title: 'Conferma il tuo indirizzo e-mail',
    confirmed: 'Il tuo indirizzo è confermato. Accedi per iniziare.',
    INVALID_TOKEN: 'Questo link di conferma non è valido.',
    EXPIRED: 'Questo link di conferma è scaduto. Registrati di nuovo.',
    ALREADY_ACCEPTED: 'Questo indirizzo è già confermato. Accedi.',
  },
  unsubscribe: {
    title: 'Annulla iscrizione',
    question: 'Non ricevere più le e-mail «%{kind}» dal portale della flotta?',
    confirm: 'Annulla iscrizione',
    done: '%{email} non riceverà più le e-mail «%{kind}».',
    INVALID_TOKEN: 'Questo link di annullamento non è valido o è scaduto.',
    stop_all: 'Interrompi invece tutte le e-mail del portale della flotta',
    done_all:
      '%{email} non riceverà più e-mail dal portale della flotta, tranne quelle richieste (come il ripristino della password).',
  },
  email_types: {
    invitations: 'invito',
    'shared-locations': 'posizione condivisa',
    reports: 'report',
    alerts: 'avviso',
  },
  custom_token: {
    title: 'Accesso',
    signing_in: 'Accesso in corso…',
    failed:
      'Questo link di accesso non può essere usato: non è valido, è già stato usato o è scaduto. Apritelo di nuovo dalla vostra applicazione, oppure accedete con il vostro indirizzo e-mail.',
    to_login: 'Vai all’accesso',
  },
  sso: {
    title: 'Accesso unico',
    redirecting: "Ti portiamo all'accesso della tua organizzazione…",
    finishing: 'Accesso in corso…',
    codes: {
      SSO_NOT_CONFIGURED:
        "Per questo dominio e-mail non è configurato l'accesso unico. Accedi con la password o chiedi al tuo amministratore.",
      SSO_STATE_INVALID:
        'Questo accesso non è iniziato qui, è già stato usato o ha richiesto troppo tempo. Ricomincia.',
      SSO_PROVIDER_REFUSED:
        'Il servizio di accesso della tua organizzazione non ti ha fatto entrare. Riprova o chiedi al tuo amministratore.',
      SSO_NO_ACCOUNT:
        'La tua organizzazione non ti ha ancora dato accesso al portale. Chiedi un invito al tuo amministratore.',
      SSO_WRONG_DOMAIN:
        'Il servizio di accesso della tua organizzazione ha autenticato un indirizzo diverso da quello indicato.',
      NETWORK_ERROR:
        'Non siamo riusciti a connetterci al prodotto, controlla la connessione internet e riprova.',
      SERVER_ERROR:
        "Qualcosa è andato storto durante l'accesso, riprova più tardi. Se il problema persiste, contatta il supporto",
    },
  },
  sso_providers: {
    domain_help: 'Gli indirizzi di questo dominio accedono tramite questo provider.',
    issuer_help:
      "L'emittente del provider OpenID; viene letta la sua /.well-known/openid-configuration.",
    secret_kept: 'Lascia vuoto per mantenere il segreto salvato.',
    create_users_help: 'Altrimenti possono accedere solo le persone invitate prima.',
    metadata_help:
      'L’indirizzo dei metadati SAML 2.0 del provider di identità; viene letto al salvataggio.',
    register_help:
      'Registrate questi due indirizzi presso il provider di identità (i nostri metadati sono all’entity id).',
  },
  selection: {
    title: 'Dove andare?',
    subtitle:
      'Appartieni a più organizzazioni. Scegline una; potrai cambiare in seguito dal menu utente.',
  },
};
