// The ISO 15143-3 round trip at 1,000 machines (issue 43): the portal's own OEM-feed poller, through
// OAuth 2.0 client credentials and HTTP on loopback, reads a rental company's fleet from this
// server's /v1/iso/Fleet pages (10 pages of 100, XML) and imports it into a dealer organisation
// that knows the same machines by their PINs. Timed: the whole poll (token, pages, matching,
// ingest); checked: every machine's operating hours to 0.00 h and its position, as served.
// Fixed data: 1,000 machines with meters read two hours ago and run on since, a tracker each with
// its last position, and an hour and a half of activity. 3 runs, each with its own client, feed
// and dealer (a URL may be read once a minute per client); the median.
// `node --import tsx bench/iso-round-trip.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createClient } from '../server/modules/apiClients/store.ts';
import { createFeed } from '../server/modules/oemFeeds/feeds.ts';
import { ReadModel } from '../server/readModel/readModel.ts';
import { buildPipeline } from '../server/telemetry/pipeline.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { median } from './fleetYear.ts';
import { importedReadings } from '../tests/support/aempImport.ts';

const MACHINES = 1_000;
const RUNS = 3;

const { db, dispose } = await freshDatabase('iso_round_trip');
const [owner] = await db.query<{ id: string }>(
  `INSERT INTO organisation (name, type) VALUES ('Round trip hire', 'rental') RETURNING id`,
);
const ownerId = owner?.id ?? '';
await db.query(
  `INSERT INTO machine (organisation_id, name, oem, model, pin, hour_meter_h, hour_meter_at,
                        hour_meter_source)
   SELECT $1, 'Excavator ' || k, 'JCB', '220X', 'PIN-' || lpad(k::text, 5, '0'), 800 + k * 3.125,
          now() - interval '2 hours', 'computed'
     FROM generate_series(1, $2) k`,
  [ownerId, MACHINES],
);
await db.query(
  `INSERT INTO source (type, code, machine_id, last_latitude, last_longitude, last_position_at, last_seen_at)
   SELECT 'TELTONIKA', 'RT-' || m.pin, m.id, 51.4 + (abs(hashtext(m.pin)) % 1000) / 10000.0,
          -0.3 + (abs(hashtext(m.pin || 'x')) % 1000) / 10000.0,
          now() - interval '20 minutes', now() - interval '20 minutes'
     FROM machine m WHERE m.organisation_id = $1`,
  [ownerId],
);
await db.query(
  `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
   SELECT id, now() - interval '110 minutes', now() - interval '20 minutes', 'active'
     FROM machine WHERE organisation_id = $1`,
  [ownerId],
);
await db.query('ANALYZE');

const pipeline = buildPipeline(db, { oemFeedAllowPrivate: true });
const app = await buildApp({
  pipeline,
  readModel: new ReadModel(db),
  config: loadConfig({ LOG_LEVEL: 'silent', OEM_FEED_ALLOW_PRIVATE: 'true' }),
  db,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** What the feed served, by PIN: the meter and position as of the snapshot. */
interface Served {
  hours: number;
  latitude: number;
  longitude: number;
}

async function served(clientId: string, clientSecret: string): Promise<Map<string, Served>> {
  const tokenReply = await fetch(`${url}/v1/iso/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  const { access_token: token } = (await tokenReply.json()) as { access_token: string };
  const byPin = new Map<string, Served>();
  for (let page = 1; page <= MACHINES / 100; page++) {
    const reply = await fetch(`${url}/v1/iso/Fleet/${page}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const { Fleet } = (await reply.json()) as {
      Fleet: {
        Equipment: {
          EquipmentHeader: { PIN: string };
          Location: { Latitude: number; Longitude: number };
          CumulativeOperatingHours: { Hour: number };
        }[];
      };
    };
    for (const e of Fleet.Equipment) {
      byPin.set(e.EquipmentHeader.PIN, {
        hours: e.CumulativeOperatingHours.Hour,
        latitude: e.Location.Latitude,
        longitude: e.Location.Longitude,
      });
    }
  }
  return byPin;
}

const timings: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const [dealer] = await db.query<{ id: string }>(
    `INSERT INTO organisation (name, type) VALUES ($1, 'rental') RETURNING id`,
    [`Round trip dealer ${run}`],
  );
  const dealerId = dealer?.id ?? '';
  await db.query(
    `INSERT INTO machine (organisation_id, name, oem, model, pin)
     SELECT $1, name, oem, model, pin FROM machine WHERE organisation_id = $2`,
    [dealerId, ownerId],
  );
  const client = await createClient(db, ownerId, null, {
    name: `Dealer poller ${run}`,
    scopes: ['iso:read'],
  });
  const feed = await createFeed(
    db,
    {
      organisationId: dealerId,
      name: `Round trip ${run}`,
      sourceType: `ROUND_TRIP_AEMP_${run}`,
      baseUrl: `${url}/v1/iso/Fleet/1`,
      format: 'xml',
      auth: 'oauth2',
      username: client.clientId,
      secret: client.clientSecret,
      tokenUrl: `${url}/v1/iso/token`,
      intervalS: 3600,
    },
    true,
  );
  const began = performance.now();
  const result = await pipeline.oemFeeds.poll(feed.id);
  const ms = performance.now() - began;
  timings.push(ms);
  if (!result || result.error) throw new Error(`poll failed: ${result?.error ?? 'no feed'}`);

  // A second client reads the same pages as JSON: what the first was served, to compare.
  const reader = await createClient(db, ownerId, null, {
    name: `Reader ${run}`,
    scopes: ['iso:read'],
  });
  const expected = await served(reader.clientId, reader.clientSecret);
  const imported = await importedReadings(db, dealerId, feed.sourceType);
  let worstH = 0;
  let moved = 0;
  for (const row of imported) {
    const want = expected.get(row.code);
    worstH = Math.max(worstH, Math.abs((row.operating_hours_h ?? -1) - (want?.hours ?? -2)));
    if (row.latitude !== want?.latitude || row.longitude !== want?.longitude) moved++;
  }
  console.log(
    `${benchDatabaseKind()} round trip ${run}: ${result.pages} pages, ${result.matched} of ` +
      `${result.equipment} matched, ${result.stored} records stored in ${ms.toFixed(0)} ms; ` +
      `${imported.length} imported, largest hour difference ${worstH.toFixed(2)} h, ` +
      `${moved} positions differing`,
  );
}
console.log(
  `${benchDatabaseKind()} round trip of ${MACHINES.toLocaleString('en')} machines: median ` +
    `${median(timings).toFixed(0)} ms (runs ${timings.map((t) => t.toFixed(0)).join(', ')})`,
);
await app.close();
await pipeline.close();
await dispose();
