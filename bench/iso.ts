// ISO 15143-3 out (issue 43) for 10,000 machines: GET /v1/iso/Fleet/{page}'s own functions
// (without HTTP): a page of 100 read and written as XML (the first and the fiftieth), one
// machine's snapshot, and a month of one machine's positions (one a minute, 43,200) as a time
// series, its first and last page of 1,000; 2 warm-up calls, then the median of 7 each.
// Fixed data: bench/fleetYear.ts (a year of day rollups per machine), every machine's meter read
// 10 days ago, a position on its source, its last day's activity as three segments, and 26 hours
// of hourly fuel counter and tank level readings.
// `node --import tsx bench/iso.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { fleetDocument, seriesDocument } from '../server/modules/iso/document.ts';
import { SERIES_PAGE_SIZE, timeSeries } from '../server/modules/iso/series.ts';
import { equipmentSnapshot, fleetPage } from '../server/modules/iso/snapshot.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { loadFleetYear, median } from './fleetYear.ts';

const WARM_UP = 2;
const RUNS = 7;
/** 50 ms for a fleet page; 100 ms for a time series (the targets). */
const TARGET_MS = 50;
const SERIES_TARGET_MS = 100;

const { db, dispose } = await freshDatabase('iso');
const { organisationId } = await loadFleetYear(db);
await db.query(
  `UPDATE machine SET hour_meter_h = 1000 + (abs(hashtext(id::text)) % 4000),
          hour_meter_at = now() - interval '10 days', hour_meter_source = 'computed',
          oem = 'JCB', model = '3CX', serial_number = 'SN-' || asset_id
    WHERE organisation_id = $1`,
  [organisationId],
);
await db.query(
  `UPDATE source s SET last_latitude = 51.5 + (abs(hashtext(s.code)) % 1000) / 10000.0,
          last_longitude = -0.1 - (abs(hashtext(s.code)) % 1000) / 10000.0, last_position_at = now() - interval '5 minutes'
    FROM machine m WHERE m.id = s.machine_id AND m.organisation_id = $1`,
  [organisationId],
);
await db.query(
  `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
   SELECT m.id, now() - make_interval(hours => k * 2), now() - make_interval(hours => k * 2 - 1),
          (ARRAY['active', 'idle', 'off'])[k]
     FROM machine m CROSS JOIN generate_series(1, 3) k WHERE m.organisation_id = $1`,
  [organisationId],
);
// A fuel counter and a tank level on every tracker, hourly over the last 26 hours, as ingest keeps
// the latest of each on the source: what FuelUsedLast24 and FuelRemaining read.
await db.query(
  `INSERT INTO telemetry_record (source_id, device_time, received_time, fuel_used_l, fuel_level_pct)
   SELECT s.id, now() - make_interval(hours => k), now(), 5000 - k * 8, 60 + k
     FROM source s JOIN machine m ON m.id = s.machine_id CROSS JOIN generate_series(0, 25) k
    WHERE m.organisation_id = $1`,
  [organisationId],
);
await db.query(
  `UPDATE source s SET fuel_used_l = 5000, fuel_used_at = now(), fuel_level_pct = 60, fuel_level_at = now()
     FROM machine m WHERE m.id = s.machine_id AND m.organisation_id = $1`,
  [organisationId],
);
await db.query('ANALYZE');

async function timed(name: string, call: () => Promise<number>, targetMs = TARGET_MS) {
  const timings: number[] = [];
  let size = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const began = performance.now();
    size = await call();
    if (run >= WARM_UP) timings.push(performance.now() - began);
  }
  console.log(
    `${benchDatabaseKind()} iso ${name} (${size.toLocaleString('en')} bytes): median ${median(timings).toFixed(1)} ms ` +
      `(runs ${timings.map((t) => t.toFixed(1)).join(', ')}); target ${targetMs} ms`,
  );
}

const page = (n: number) => async () => {
  const { equipment } = await fleetPage(db, organisationId, n);
  return fleetDocument('xml', equipment, [], Date.now()).length;
};
await timed('fleet page 1 of 100, XML', page(1));
await timed('fleet page 50 of 100, XML', page(50));
const [machine] = await db.query<{ id: string }>(
  'SELECT id FROM machine WHERE organisation_id = $1 LIMIT 1',
  [organisationId],
);
await timed(
  'one machine',
  async () => JSON.stringify(await equipmentSnapshot(db, organisationId, machine?.id ?? '')).length,
);

// A month of positions, one a minute, on the first machine's source.
const MONTH_MS = 30 * 86_400_000;
const positions = MONTH_MS / 60_000;
const nowMs = Date.now();
await db.query(
  `INSERT INTO telemetry_record (source_id, device_time, received_time, latitude, longitude, altitude_m)
   SELECT s.id, to_timestamp($2 / 1000.0) - make_interval(mins => k), now(), 51.5 + k / 1e6, -0.1 - k / 1e6, 20
     FROM source s CROSS JOIN generate_series(1, $3) k WHERE s.machine_id = $1`,
  [machine?.id ?? null, nowMs, positions],
);
await db.query('ANALYZE telemetry_record');
const equipment = await equipmentSnapshot(db, organisationId, machine?.id ?? '');
if (!equipment) throw new Error('no machine to read');
const seriesPage = (page: number) => async () => {
  const window = {
    machineId: equipment.id,
    fromMs: nowMs - MONTH_MS,
    toMs: nowMs,
    offset: (page - 1) * SERIES_PAGE_SIZE,
  };
  const { readings } = await timeSeries(db, equipment, 'Locations', window);
  return seriesDocument('xml', 'Locations', readings, [], Date.now()).length;
};
await timed(
  `a month of positions (${positions.toLocaleString('en')}), page 1 of 1,000, XML`,
  seriesPage(1),
  SERIES_TARGET_MS,
);
await timed(
  'the same, its last page',
  seriesPage(Math.ceil(positions / SERIES_PAGE_SIZE)),
  SERIES_TARGET_MS,
);
await dispose();
