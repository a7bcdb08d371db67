-- Idle-on-hire and not-returned alerts (issue 41, docs/rental.md): a hire is their subject, the
-- bout's start (the last work, or the off-hire) their start, so each bout is raised once.
ALTER TABLE alert DROP CONSTRAINT alert_alert_type_check;
ALTER TABLE alert ADD CONSTRAINT alert_alert_type_check CHECK (alert_type IN (
  'outOfHours', 'fuelTheft', 'breakdown', 'deviceSilent', 'idle', 'leftSite', 'idleOnHire', 'notReturned'));
