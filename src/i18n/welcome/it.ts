// The first-time walkthrough in it, and the profile-data failure of spec point 8.
export const welcomeIt = {
  title: 'Benvenuto nel portale flotta',
  skip: 'Chiudi',
  back: 'Indietro',
  next: 'Avanti',
  done: 'Inizia',
  steps: {
    machines: {
      title: 'Le tue macchine',
      text: 'Ogni macchina con le ore attive, al minimo e spente, il carburante e la CO2, per ogni periodo. Filtra, cerca e scarica ciò che vedi.',
    },
    dashboard: {
      title: 'La dashboard',
      text: 'Quanto ha lavorato la flotta: utilizzo, carburante ed emissioni per giorno, settimana o mese, e le macchine più attive.',
    },
    map: {
      title: 'La mappa della flotta',
      text: 'Dove si trova ogni macchina, e se lavora, è al minimo o spenta.',
    },
    routes: {
      title: 'Percorsi e cantieri',
      text: 'I viaggi e le soste di ogni macchina in un giorno, e i cantieri dove ha lavorato.',
    },
  },
};

export const profileFailedIt =
  'Si è verificato un errore nel caricamento dei dati del profilo. Riprova più tardi. Se il problema persiste, contatta l’assistenza.';
