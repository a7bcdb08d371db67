// The brand screen's words in it (spec points 2, 5, 8).
export const brandIt = {
  title: 'Configurazione del marchio',
  affects_everyone:
    'Le modifiche a logo e colori valgono per tutti gli utenti della tua organizzazione, su ogni schermata.',
  admins_only: 'Solo gli amministratori della tua organizzazione possono cambiarne il marchio.',
  logo: 'Logo',
  logo_rules:
    'Solo PNG, al massimo 1 MB, da %{minPx}×%{minPx} fino a %{maxWidthPx} pixel di larghezza e %{maxHeightPx} di altezza.',
  choose_logo: 'Carica logo',
  logo_current: 'Il tuo logo attuale',
  primary: 'Colore primario (navigazione)',
  secondary: 'Colore secondario (pulsanti)',
  fields: {
    primary_background_colour: 'Sfondo primario',
    primary_text_colour: 'Testo primario',
    secondary_background_colour: 'Sfondo secondario',
    secondary_text_colour: 'Testo secondario',
  },
  pick: 'Scegli %{name}',
  invalid_hex: 'Codice esadecimale non valido',
  low_contrast:
    'I colori scelti non rispettano al momento gli standard di accessibilità AA. Puoi continuare, oppure aumentare il contrasto per rispettare gli standard AA.',
  preview: 'Anteprima',
  login_link: 'La pagina di accesso della tua organizzazione, con il suo marchio:',
  reset: 'Ripristina',
  logo_format: 'Formato di file non supportato. Usa solo i formati consentiti.',
  logo_size: 'Il file è troppo grande.',
  logo_dimensions:
    'Il logo deve misurare da %{minPx}×%{minPx} fino a %{maxWidthPx} pixel di larghezza e %{maxHeightPx} di altezza.',
  saved: 'La configurazione del marchio è stata salvata.',
  reset_done: 'La configurazione del marchio è stata ripristinata.',
  save_failed:
    'Si è verificato un errore durante il salvataggio della configurazione del marchio. Riprova più tardi. Se il problema persiste, contatta l’assistenza.',
  reset_failed:
    'Si è verificato un errore durante il ripristino della configurazione del marchio. Riprova più tardi. Se il problema persiste, contatta l’assistenza.',
};
