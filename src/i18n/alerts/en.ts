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
  threshold_saved: 'The idle alert threshold is saved.',
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
  },
};
