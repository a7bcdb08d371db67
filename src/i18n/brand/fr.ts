// The brand screen's words in fr (spec points 2, 5, 8).
export const brandFr = {
  title: 'Configuration de la marque',
  affects_everyone:
    'Les changements du logo et des couleurs s’appliquent à tous les utilisateurs de votre organisation, sur chaque écran.',
  admins_only: 'Seuls les administrateurs de votre organisation peuvent modifier sa marque.',
  logo: 'Logo',
  logo_rules:
    'PNG uniquement, 1 Mo au plus, de %{minPx}×%{minPx} jusqu’à %{maxWidthPx} pixels de large et %{maxHeightPx} de haut.',
  choose_logo: 'Téléverser un logo',
  logo_current: 'Votre logo actuel',
  primary: 'Couleur principale (navigation)',
  secondary: 'Couleur secondaire (boutons)',
  fields: {
    primary_background_colour: 'Fond principal',
    primary_text_colour: 'Texte principal',
    secondary_background_colour: 'Fond secondaire',
    secondary_text_colour: 'Texte secondaire',
  },
  pick: 'Choisir : %{name}',
  invalid_hex: 'Code hexadécimal non valide',
  low_contrast:
    'Les couleurs choisies ne respectent pas actuellement les normes d’accessibilité AA. Vous pouvez continuer, ou augmenter le contraste pour respecter les normes AA.',
  preview: 'Aperçu',
  login_link: 'La page de connexion de votre organisation, à ses couleurs :',
  reset: 'Réinitialiser',
  logo_format:
    'Format de fichier non pris en charge. Veuillez utiliser uniquement les formats autorisés.',
  logo_size: 'Le fichier est trop volumineux.',
  logo_dimensions:
    'Le logo doit mesurer de %{minPx}×%{minPx} jusqu’à %{maxWidthPx} pixels de large et %{maxHeightPx} de haut.',
  saved: 'La configuration de la marque a été enregistrée.',
  reset_done: 'La configuration de la marque a été réinitialisée.',
  save_failed:
    'Une erreur s’est produite lors de l’enregistrement de la configuration de la marque. Veuillez réessayer plus tard. Si le problème persiste, contactez le support.',
  reset_failed:
    'Une erreur s’est produite lors de la réinitialisation de la configuration de la marque. Veuillez réessayer plus tard. Si le problème persiste, contactez le support.',
};
