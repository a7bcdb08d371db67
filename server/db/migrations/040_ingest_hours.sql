-- Records received per protocol per hour, for the staff home's ingest rate. Each ingest process
-- counts in memory and adds its counts here every few seconds (server/telemetry/ingestMeter.ts),
-- so that any api process shows what all ingest processes received, across restarts.
CREATE TABLE ingest_hour (
  hour timestamptz NOT NULL,
  source_type text NOT NULL,
  records bigint NOT NULL,
  PRIMARY KEY (hour, source_type)
);
