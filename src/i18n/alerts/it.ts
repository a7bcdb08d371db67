// The alerts in Italian: the list at /alerts, the app bar's count and the settings' choices.
export const alertResourcesIt = {
  alerts: {
    name: 'Avviso |||| Avvisi',
    fields: {
      at: 'Quando',
      type: 'Avviso',
      machineName: 'Macchina',
      detail: 'Dettagli',
      startedAt: 'Inizio',
    },
  },
};

export const alertsIt = {
  title: 'Avvisi',
  new: 'Nuovo',
  device: 'dispositivo %{code}',
  litres: '%{litres} l',
  minutes: '%{minutes} min',
  idle_threshold: 'Avviso di minimo dopo (minuti)',
  threshold_saved: 'Le soglie degli avvisi sono salvate.',
  thresholds: 'Soglie',
  battery_level: 'Avviso batteria al',
  battery_levels: {
    low: 'Livello basso del dispositivo',
    critical: 'Livello critico del dispositivo',
  },
  power_cut_v: 'Interruzione alimentazione sotto (V)',
  unread: '%{smart_count} nuovo avviso |||| %{smart_count} nuovi avvisi',
  mail_title: 'Avvisi via e-mail',
  mail_help:
    'Ogni tipo selezionato arriva via e-mail; più avvisi insieme arrivano in una sola e-mail.',
  types: {
    outOfHours: 'Uso fuori orario',
    fuelTheft: 'Furto di carburante rilevato',
    breakdown: 'Macchina guasta',
    deviceSilent: 'Dispositivo silenzioso',
    idle: 'Troppo tempo al minimo',
    leftSite: 'Macchina uscita dal cantiere',
    idleOnHire: 'Ferma a noleggio',
    notReturned: 'Non rientrata dopo il noleggio',
    serviceDueSoon: 'Manutenzione in scadenza',
    serviceOverdue: 'Manutenzione scaduta',
    safetyOverdue: 'Verifica di sicurezza scaduta',
    enteredSite: 'Macchina arrivata in cantiere',
    movedEngineOff: 'Spostata a motore spento',
    lowBattery: 'Batteria del dispositivo scarica',
    powerCut: 'Alimentazione esterna interrotta',
  },
};
