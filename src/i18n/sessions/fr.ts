// The sign-in sessions' words in fr: the user's own in /user/settings, a member's on their page.
export const sessionsFr = {
  title: 'Où vous êtes connecté',
  member_title: 'Connecté sur',
  intro:
    'Mettez fin à toute session que vous ne reconnaissez pas : sa prochaine requête sera refusée.',
  none: 'Aucune session.',
  this_device: 'Cet appareil',
  unknown_browser: 'Navigateur inconnu',
  unknown_system: 'système inconnu',
  started: 'Connecté %{when}',
  last_used: 'Dernière utilisation %{when}',
  address: 'depuis %{address}',
  end: 'Terminer',
  end_others: 'Terminer toutes les autres sessions',
  end_all: 'Terminer toutes les sessions',
  ended: 'La session est terminée.',
  ended_many: '%{smart_count} session terminée. |||| %{smart_count} sessions terminées.',
  end_failed: "La session n'a pas pu être terminée, veuillez réessayer.",
  devices: {
    desktop: 'Ordinateur',
    mobile: 'Téléphone',
    tablet: 'Tablette',
    tv: 'Télévision',
    other: 'Appareil',
  },
};
