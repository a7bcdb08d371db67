-- Service alerts (issue 42, docs/maintenance.md "Alerts"): a task due soon, overdue, and a
-- safety-critical one overdue. A machine × task is their subject, its service cycle's start their
-- start, so each is raised once per due point; the task's name is the alert's note.
ALTER TABLE alert DROP CONSTRAINT alert_alert_type_check;
ALTER TABLE alert ADD CONSTRAINT alert_alert_type_check CHECK (alert_type IN (
  'outOfHours', 'fuelTheft', 'breakdown', 'deviceSilent', 'idle', 'leftSite', 'idleOnHire', 'notReturned',
  'serviceDueSoon', 'serviceOverdue', 'safetyOverdue'));
ALTER TABLE alert ADD COLUMN note text;
