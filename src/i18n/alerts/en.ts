// The alerts in English: the list at /alerts, the app bar's count and the settings' choices.
export const alertResourcesEn = {
  alerts: {
    name: 'Alert |||| Alerts',
    fields: {
      at: 'When',
      type: 'Alert',
      machineName: 'Machine',
      detail: 'Details',
      startedAt: 'Began',
    },
  },
};

export const alertsEn = {
  title: 'Alerts',
  new: 'New',
  device: 'device %{code}',
  litres: '%{litres} l',
  minutes: '%{minutes} min',
  idle_threshold: 'Idle alert after (minutes)',
  threshold_saved: 'The alert thresholds are saved.',
  thresholds: 'Thresholds',
  battery_level: 'Low-battery alert at',
  battery_levels: { low: 'The device’s low level', critical: 'The device’s critical level' },
  power_cut_v: 'Power cut below (V)',
  unread: '%{smart_count} new alert |||| %{smart_count} new alerts',
  mail_title: 'Alerts by e-mail',
  mail_help: 'Each kind you tick comes by e-mail; several at once come in one mail.',
  types: {
    outOfHours: 'Out-of-hours use started',
    fuelTheft: 'Fuel theft detected',
    breakdown: 'Machine broken down',
    deviceSilent: 'Device silent',
    idle: 'Idle too long',
    leftSite: 'Machine left its site',
    idleOnHire: 'Idle on hire',
    notReturned: 'Not returned after off-hire',
    serviceDueSoon: 'Service due soon',
    serviceOverdue: 'Service overdue',
    safetyOverdue: 'Safety inspection overdue',
    enteredSite: 'Machine arrived at a site',
    movedEngineOff: 'Moved with the engine off',
    lowBattery: 'Device battery low',
    powerCut: 'External power cut',
  },
};
