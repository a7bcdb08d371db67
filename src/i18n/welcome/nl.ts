// The first-time walkthrough in nl, and the profile-data failure of spec point 8.
export const welcomeNl = {
  title: 'Welkom bij het vlootportaal',
  skip: 'Sluiten',
  back: 'Terug',
  next: 'Volgende',
  done: 'Aan de slag',
  steps: {
    machines: {
      title: 'Uw machines',
      text: 'Elke machine met haar uren actief, stationair en uit, haar brandstof en CO2, voor elke periode. Filter, zoek en download wat u ziet.',
    },
    dashboard: {
      title: 'Het dashboard',
      text: 'Hoe hard de vloot werkte: benutting, brandstof en uitstoot per dag, week of maand, en de drukste machines.',
    },
    map: {
      title: 'De vlootkaart',
      text: 'Waar elke machine nu is, en of ze werkt, stationair draait of uit staat.',
    },
    routes: {
      title: 'Routes en locaties',
      text: 'De ritten en stops van elke machine op een dag, en de locaties waar ze werkte.',
    },
  },
};

export const profileFailedNl =
  'Er ging iets mis bij het ophalen van de profielgegevens. Probeer het later opnieuw. Neem contact op met support als het probleem blijft.';
