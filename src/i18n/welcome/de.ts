// The first-time walkthrough in de, and the profile-data failure of spec point 8.
export const welcomeDe = {
  title: 'Willkommen im Flottenportal',
  skip: 'Schließen',
  back: 'Zurück',
  next: 'Weiter',
  done: 'Loslegen',
  steps: {
    machines: {
      title: 'Ihre Maschinen',
      text: 'Jede Maschine mit ihren Stunden aktiv, im Leerlauf und aus, ihrem Kraftstoff und CO2, für jeden Zeitraum. Filtern, suchen und herunterladen, was Sie sehen.',
    },
    dashboard: {
      title: 'Das Dashboard',
      text: 'Wie viel die Flotte gearbeitet hat: Auslastung, Kraftstoff und Emissionen pro Tag, Woche oder Monat, und die meistgenutzten Maschinen.',
    },
    map: {
      title: 'Die Flottenkarte',
      text: 'Wo jede Maschine gerade ist, und ob sie arbeitet, im Leerlauf oder aus ist.',
    },
    routes: {
      title: 'Routen und Standorte',
      text: 'Die Fahrten und Stopps jeder Maschine an einem Tag, und die Standorte, an denen sie gearbeitet hat.',
    },
  },
};

export const profileFailedDe =
  'Beim Laden der Profildaten ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut. Wenn das Problem weiterhin besteht, wenden Sie sich an den Support.';
