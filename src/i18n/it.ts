// Italian (Italiano), offered only in development and on staging hosts: the portal's own keys;
// react-admin's fall back to English until Italian is offered in production.
import type { AppCatalog } from './en.ts';

export const it: Pick<AppCatalog, 'resources' | 'app'> = {
  resources: {
    machines: {
      name: 'Macchina |||| Macchine',
      fields: {
        name: 'Nome',
        assetId: 'Codice cespite',
        category: 'Categoria',
        type: 'Tipo',
        site: 'Cantiere',
        customer: 'Cliente',
        hiredStatus: 'Stato noleggio',
        lastSeenAt: 'Ultimo segnale',
        contractNumber: 'Contratto',
        oem: 'Costruttore',
        activeHours: 'Attiva h',
        idleHours: 'Minimo h',
        outOfHours: 'Fuori orario h',
      },
    },
  },
  app: {
    name: 'Portale flotta',
    login: {
      title: 'Accedi',
      subtitle: 'Macchine, attività, carburante ed emissioni di tutta la flotta',
      email: 'Indirizzo e-mail',
      password: 'Password',
      continue: 'Continua',
      sign_in: 'Accedi',
      back: 'Usa un altro indirizzo e-mail',
      signing_in_as: 'Accesso come %{email}',
      checking: 'Verifica…',
      invalid_credentials: "L'indirizzo e-mail o la password non sono corretti.",
      too_many_attempts: 'Troppi accessi non riusciti. Riprova tra %{minutes} minuti.',
      sso_required:
        "La tua organizzazione accede tramite %{provider} (%{type}). L'accesso unico non è ancora attivo su questo server; contatta l'amministratore.",
      codes: {
        VALIDATION: 'Inserisci un indirizzo e-mail valido.',
        TOO_MANY_ATTEMPTS: 'Troppi tentativi. Attendi qualche minuto e riprova.',
      },
    },
    auth: {
      session_expired: 'La sessione è scaduta. Accedi di nuovo.',
      session_timed_out: 'Purtroppo la sessione è scaduta, accedi di nuovo.',
      signing_out: 'Uscita…',
    },
    errors: {
      no_response:
        'Impossibile collegarsi al prodotto, controlla la connessione a internet e riprova. Se il problema persiste, contatta il supporto',
      speed_bump: 'Abbiamo incontrato un ostacolo!',
      reload: 'Fai clic qui per ricaricare la pagina',
      page_load: 'Errore durante il caricamento della pagina, controlla la connessione e riprova',
      retry: 'Riprova',
      machines:
        'Si è verificato un errore nel recupero delle macchine, riprova più tardi. Se il problema persiste, contatta il supporto',
    },
    connectivity: { online: 'Online', offline: 'Offline' },
    menu: {
      language: 'Lingua',
      organisation: 'Organizzazione',
      switch_organisation: 'Passa a %{name}',
    },
    not_found: {
      title: 'Pagina non trovata',
      message: 'La pagina richiesta non esiste o è stata spostata.',
      home: 'Vai alle macchine',
    },
    machines: {
      search: 'Cerca macchine',
      show: { label: 'Mostra', active: 'Nella flotta', archived: 'Archiviate', all: 'Tutte' },
      summary: {
        machines: 'Macchine',
        on_hire: 'A noleggio',
        with_activity: 'Con attività',
        active_hours: 'Ore attive',
        idle_hours: 'Ore al minimo',
      },
      hire_status: { ON_HIRE: 'A noleggio', OFF_HIRE: 'Non a noleggio' },
      never_seen: 'Nessun dato',
      no_telemetry:
        'Nessun dispositivo ha ancora inviato dati per queste macchine. Ore, carburante ed emissioni compariranno qui appena i tracker invieranno dati.',
      breakdown: 'Guasta',
      archived: 'Archiviata',
    },
    embedded: {
      sign_in: 'Accedi al portale flotta per vedere qui le tue macchine.',
      open_portal: 'Apri il portale',
    },
  },
};
