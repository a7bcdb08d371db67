// The alerts in Dutch: the list at /alerts, the app bar's count and the settings' choices.
export const alertResourcesNl = {
  alerts: {
    name: 'Melding |||| Meldingen',
    fields: {
      at: 'Wanneer',
      type: 'Melding',
      machineName: 'Machine',
      detail: 'Details',
      startedAt: 'Begon',
    },
  },
};

export const alertsNl = {
  title: 'Meldingen',
  new: 'Nieuw',
  device: 'apparaat %{code}',
  litres: '%{litres} l',
  minutes: '%{minutes} min',
  idle_threshold: 'Stationair-melding na (minuten)',
  threshold_saved: 'De meldingsdrempels zijn opgeslagen.',
  thresholds: 'Drempels',
  battery_level: 'Batterijmelding bij',
  battery_levels: {
    low: 'Lage stand van het apparaat',
    critical: 'Kritieke stand van het apparaat',
  },
  power_cut_v: 'Stroomonderbreking onder (V)',
  unread: '%{smart_count} nieuwe melding |||| %{smart_count} nieuwe meldingen',
  mail_title: 'Meldingen per e-mail',
  mail_help: 'Elke aangevinkte soort komt per e-mail; meerdere tegelijk komen in één e-mail.',
  types: {
    outOfHours: 'Gebruik buiten werktijd',
    fuelTheft: 'Brandstofdiefstal ontdekt',
    breakdown: 'Machine defect',
    deviceSilent: 'Apparaat stil',
    idle: 'Te lang stationair',
    leftSite: 'Machine heeft de bouwplaats verlaten',
    idleOnHire: 'Stil in verhuur',
    notReturned: 'Niet terug na verhuur',
    serviceDueSoon: 'Onderhoud binnenkort',
    serviceOverdue: 'Onderhoud achterstallig',
    safetyOverdue: 'Veiligheidskeuring achterstallig',
    enteredSite: 'Machine aangekomen op bouwplaats',
    movedEngineOff: 'Verplaatst met de motor uit',
    lowBattery: 'Batterij van apparaat bijna leeg',
    powerCut: 'Externe voeding onderbroken',
  },
};
