-- Device health (issue 17): each record's signal, each source's latest battery and signal with
-- their status, the sources' health per day for trends, and the gateways that relay LoRaWAN
-- sensors, learned from the network servers' reception metadata or registered by staff.

-- The reception of the record: a LoRaWAN uplink's best gateway, or a cellular modem's level (0-5);
-- and the bars they come to (src/domain/devices.ts), which the health trends sum.
ALTER TABLE telemetry_record ADD COLUMN rssi_dbm real;
ALTER TABLE telemetry_record ADD COLUMN snr_db real;
ALTER TABLE telemetry_record ADD COLUMN gsm_level smallint;
ALTER TABLE telemetry_record ADD COLUMN signal_bars smallint;

-- The latest reading of each, kept by the ingest with the status the device's own thresholds give
-- (src/domain/devices.ts), so lists and filters read one row per source.
ALTER TABLE source ADD COLUMN battery_v real;
ALTER TABLE source ADD COLUMN battery_at timestamptz;
ALTER TABLE source ADD COLUMN battery_status text;
ALTER TABLE source ADD COLUMN rssi_dbm real;
ALTER TABLE source ADD COLUMN snr_db real;
ALTER TABLE source ADD COLUMN gsm_level smallint;
ALTER TABLE source ADD COLUMN signal_bars smallint;
ALTER TABLE source ADD COLUMN signal_at timestamptz;

-- Whose device it is, kept when it leaves a machine (so an organisation still sees its spare
-- sensors); null for a device nobody has claimed yet. And since when it is out of service.
ALTER TABLE source ADD COLUMN organisation_id uuid REFERENCES organisation (id) ON DELETE SET NULL;
ALTER TABLE source ADD COLUMN out_of_service_at timestamptz;
UPDATE source s SET organisation_id = m.organisation_id FROM machine m WHERE m.id = s.machine_id;
CREATE INDEX source_organisation ON source (organisation_id);

-- Per source and UTC day, from the records newly stored: battery range and signal sums for trends.
CREATE TABLE source_health_day (
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  day date NOT NULL,
  records integer NOT NULL,
  battery_min_v real,
  battery_max_v real,
  bars_sum integer NOT NULL DEFAULT 0,
  bars_records integer NOT NULL DEFAULT 0,
  PRIMARY KEY (source_id, day)
);

-- A LoRaWAN gateway (by its EUI) or a cellular hub. No organisation: seen, not yet registered.
CREATE TABLE gateway (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  eui text NOT NULL UNIQUE CHECK (eui ~ '^[0-9A-F]{16}$'),
  kind text NOT NULL DEFAULT 'LORAWAN' CHECK (kind IN ('LORAWAN', 'CELLULAR')),
  organisation_id uuid REFERENCES organisation (id) ON DELETE SET NULL,
  site_id uuid REFERENCES site (id) ON DELETE SET NULL,
  name text,
  model text,
  -- The network server's own id for it (The Things Stack gateway_id), as last reported.
  network_id text,
  network_server_url text,
  -- Where staff placed it for coverage; else where it reports itself to be.
  latitude double precision,
  longitude double precision,
  reported_latitude double precision,
  reported_longitude double precision,
  expected_interval_s integer NOT NULL DEFAULT 600,
  offline_after_s integer NOT NULL DEFAULT 1800,
  first_seen_at timestamptz,
  last_uplink_at timestamptz,
  registered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_organisation ON gateway (organisation_id);

-- Each uplink as each gateway heard it: what coverage and debugging read.
CREATE TABLE gateway_reception (
  gateway_id uuid NOT NULL REFERENCES gateway (id) ON DELETE CASCADE,
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  device_time timestamptz NOT NULL,
  rssi_dbm real,
  snr_db real,
  PRIMARY KEY (gateway_id, source_id, device_time)
);
CREATE INDEX gateway_reception_source ON gateway_reception (source_id, device_time);

-- The same per gateway, source and hour, from the receptions newly stored: what screens read.
CREATE TABLE gateway_source_hour (
  gateway_id uuid NOT NULL REFERENCES gateway (id) ON DELETE CASCADE,
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  uplinks integer NOT NULL,
  rssi_sum double precision NOT NULL,
  snr_sum double precision NOT NULL,
  rssi_best_dbm real,
  last_heard_at timestamptz NOT NULL,
  PRIMARY KEY (gateway_id, hour, source_id)
);
