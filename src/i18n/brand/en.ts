// The brand screen's words in en (spec points 2, 5, 8).
export const brandEn = {
  title: 'Brand configuration',
  affects_everyone:
    'Changes to the logo and colours apply to every user of your organisation, on every screen.',
  admins_only: 'Only the admins of your organisation can change its brand.',
  logo: 'Logo',
  logo_rules:
    'PNG only, at most 1 MB, from %{minPx}×%{minPx} up to %{maxWidthPx} pixels wide and %{maxHeightPx} high.',
  choose_logo: 'Upload logo',
  logo_current: 'Your current logo',
  primary: 'Primary colour (navigation)',
  secondary: 'Secondary colour (buttons)',
  fields: {
    primary_background_colour: 'Primary background',
    primary_text_colour: 'Primary text',
    secondary_background_colour: 'Secondary background',
    secondary_text_colour: 'Secondary text',
  },
  pick: 'Pick %{name}',
  invalid_hex: 'Invalid hex code',
  low_contrast:
    'Your chosen colours currently do not meet AA accessibility standards, you can still continue, or to meet AA standards please increase the contrast',
  preview: 'Preview',
  login_link: "Your organisation's own sign-in page, in its brand:",
  reset: 'Reset',
  logo_format: 'Unsupported file format. Please use only allowed format files.',
  logo_size: 'File size is too big.',
  logo_dimensions:
    'The logo must be from %{minPx}×%{minPx} up to %{maxWidthPx} pixels wide and %{maxHeightPx} high.',
  saved: 'The brand configuration settings are successfully saved.',
  reset_done: 'The brand configuration settings are successfully reset.',
  save_failed:
    'Something went wrong saving brand configuration settings, please try again later. If problem persists, please contact support',
  reset_failed:
    'Something went wrong resetting brand configuration settings, please try again later. If problem persists, please contact support',
};
