// The brand screen's words in de (spec points 2, 5, 8).
export const brandDe = {
  title: 'Markenkonfiguration',
  affects_everyone:
    'Änderungen an Logo und Farben gelten für alle Benutzer Ihrer Organisation, auf jeder Seite.',
  admins_only: 'Nur die Administratoren Ihrer Organisation können ihre Marke ändern.',
  logo: 'Logo',
  logo_rules:
    'Nur PNG, höchstens 1 MB, von %{minPx}×%{minPx} bis %{maxWidthPx} Pixel breit und %{maxHeightPx} hoch.',
  choose_logo: 'Logo hochladen',
  logo_current: 'Ihr aktuelles Logo',
  primary: 'Primärfarbe (Navigation)',
  secondary: 'Sekundärfarbe (Schaltflächen)',
  fields: {
    primary_background_colour: 'Primärer Hintergrund',
    primary_text_colour: 'Primärer Text',
    secondary_background_colour: 'Sekundärer Hintergrund',
    secondary_text_colour: 'Sekundärer Text',
  },
  pick: '%{name} auswählen',
  invalid_hex: 'Ungültiger Hex-Code',
  low_contrast:
    'Ihre gewählten Farben erfüllen derzeit nicht die AA-Barrierefreiheitsstandards. Sie können trotzdem fortfahren oder den Kontrast erhöhen, um die AA-Standards zu erfüllen.',
  preview: 'Vorschau',
  login_link: 'Die eigene Anmeldeseite Ihrer Organisation, in ihrer Marke:',
  reset: 'Zurücksetzen',
  logo_format: 'Nicht unterstütztes Dateiformat. Bitte verwenden Sie nur zulässige Dateiformate.',
  logo_size: 'Die Datei ist zu groß.',
  logo_dimensions:
    'Das Logo muss von %{minPx}×%{minPx} bis %{maxWidthPx} Pixel breit und %{maxHeightPx} hoch sein.',
  saved: 'Die Markenkonfiguration wurde erfolgreich gespeichert.',
  reset_done: 'Die Markenkonfiguration wurde erfolgreich zurückgesetzt.',
  save_failed:
    'Beim Speichern der Markenkonfiguration ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support.',
  reset_failed:
    'Beim Zurücksetzen der Markenkonfiguration ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support.',
};
