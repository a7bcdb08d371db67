// The alerts in German: the list at /alerts, the app bar's count and the settings' choices.
export const alertResourcesDe = {
  alerts: {
    name: 'Alarm |||| Alarme',
    fields: {
      at: 'Wann',
      type: 'Alarm',
      machineName: 'Maschine',
      detail: 'Details',
      startedAt: 'Beginn',
    },
  },
};

export const alertsDe = {
  title: 'Alarme',
  new: 'Neu',
  device: 'Gerät %{code}',
  litres: '%{litres} l',
  minutes: '%{minutes} Min.',
  idle_threshold: 'Leerlauf-Alarm nach (Minuten)',
  threshold_saved: 'Die Alarmschwellen sind gespeichert.',
  thresholds: 'Schwellen',
  battery_level: 'Batterie-Alarm bei',
  battery_levels: { low: 'Niedrigem Stand des Geräts', critical: 'Kritischem Stand des Geräts' },
  power_cut_v: 'Stromausfall unter (V)',
  unread: '%{smart_count} neuer Alarm |||| %{smart_count} neue Alarme',
  mail_title: 'Alarme per E-Mail',
  mail_help: 'Jede angekreuzte Art kommt per E-Mail; mehrere auf einmal kommen in einer E-Mail.',
  types: {
    outOfHours: 'Einsatz außerhalb der Arbeitszeit',
    fuelTheft: 'Kraftstoffdiebstahl erkannt',
    breakdown: 'Maschine defekt',
    deviceSilent: 'Gerät still',
    idle: 'Zu lange im Leerlauf',
    leftSite: 'Maschine hat ihre Baustelle verlassen',
    idleOnHire: 'Ungenutzt in Miete',
    notReturned: 'Nach Mietende nicht zurück',
    serviceDueSoon: 'Wartung bald fällig',
    serviceOverdue: 'Wartung überfällig',
    safetyOverdue: 'Sicherheitsprüfung überfällig',
    enteredSite: 'Maschine auf Baustelle angekommen',
    movedEngineOff: 'Bei ausgeschaltetem Motor bewegt',
    lowBattery: 'Gerätebatterie schwach',
    powerCut: 'Externe Stromversorgung unterbrochen',
  },
};
