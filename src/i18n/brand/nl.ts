// The brand screen's words in nl (spec points 2, 5, 8).
export const brandNl = {
  title: 'Huisstijlconfiguratie',
  affects_everyone:
    'Wijzigingen in het logo en de kleuren gelden voor alle gebruikers van uw organisatie, op elk scherm.',
  admins_only: 'Alleen de beheerders van uw organisatie kunnen de huisstijl wijzigen.',
  logo: 'Logo',
  logo_rules:
    'Alleen PNG, maximaal 1 MB, van %{minPx}×%{minPx} tot %{maxWidthPx} pixels breed en %{maxHeightPx} hoog.',
  choose_logo: 'Logo uploaden',
  logo_current: 'Uw huidige logo',
  primary: 'Primaire kleur (navigatie)',
  secondary: 'Secundaire kleur (knoppen)',
  fields: {
    primary_background_colour: 'Primaire achtergrond',
    primary_text_colour: 'Primaire tekst',
    secondary_background_colour: 'Secundaire achtergrond',
    secondary_text_colour: 'Secundaire tekst',
  },
  pick: '%{name} kiezen',
  invalid_hex: 'Ongeldige hexcode',
  low_contrast:
    'Uw gekozen kleuren voldoen momenteel niet aan de AA-toegankelijkheidsnormen. U kunt doorgaan, of het contrast verhogen om aan de AA-normen te voldoen.',
  preview: 'Voorbeeld',
  login_link: 'De eigen aanmeldpagina van uw organisatie, in haar huisstijl:',
  reset: 'Herstellen',
  logo_format: 'Niet-ondersteund bestandsformaat. Gebruik alleen toegestane bestandsformaten.',
  logo_size: 'Het bestand is te groot.',
  logo_dimensions:
    'Het logo moet van %{minPx}×%{minPx} tot %{maxWidthPx} pixels breed en %{maxHeightPx} hoog zijn.',
  saved: 'De huisstijlconfiguratie is opgeslagen.',
  reset_done: 'De huisstijlconfiguratie is hersteld.',
  save_failed:
    'Er ging iets mis bij het opslaan van de huisstijlconfiguratie. Probeer het later opnieuw. Neem contact op met support als het probleem blijft.',
  reset_failed:
    'Er ging iets mis bij het herstellen van de huisstijlconfiguratie. Probeer het later opnieuw. Neem contact op met support als het probleem blijft.',
};
