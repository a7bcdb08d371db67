-- The alert types integrators ask for (issue 43, docs/integrations.md "Alerts"): a machine arrived
-- on a site, moved with its engine off, a device's battery low and its external power cut.
ALTER TABLE alert DROP CONSTRAINT alert_alert_type_check;
ALTER TABLE alert ADD CONSTRAINT alert_alert_type_check CHECK (alert_type IN (
  'outOfHours', 'fuelTheft', 'breakdown', 'deviceSilent', 'idle', 'leftSite', 'idleOnHire', 'notReturned',
  'serviceDueSoon', 'serviceOverdue', 'safetyOverdue', 'enteredSite', 'movedEngineOff', 'lowBattery',
  'powerCut'));
