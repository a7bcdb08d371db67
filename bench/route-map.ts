// A route of 50,000 positions on the routes screen: how long after the route call's reply arrives
// its trips are drawn (issue 6: within 1 s). Fixed data: the demo seed plus 50,000 records of one
// Northbank machine's tracker, one every 8 s over 4.6 days, driving a loop for 32 minutes and
// standing 8, so the route has about 166 trips and stops. The real server on the built portal
// (dist/web) in headless Chromium; the route opened 2 times to warm up, then the median of 7.
// `npm run bench:route` (builds the portal first).
import { median } from './fleetYear.ts';
import { startBenchPortal } from './portal.ts';

const POINTS = 50_000;
const STEP_S = 8;
const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 1000;
const FIRST_DAY = '2026-10-05';
const LAST_DAY = '2026-10-09';

const { page, url, db, close } = await startBenchPortal(
  'route',
  // Of each 300 records, 240 move along the loop and 60 stand where the last one stopped.
  `INSERT INTO telemetry_record (source_id, device_time, received_time, latitude, longitude, satellites,
     speed_kmh, ignition, engine_rpm)
   SELECT s.id, t, t, 51.5 + 0.03 * sin(u / 3000.0), -0.2 + 0.05 * sin(u / 1900.0), 9,
          CASE WHEN n % 300 < 240 THEN 25 ELSE 0 END, true, 1400
     FROM (SELECT id FROM source WHERE type = 'TELTONIKA' AND machine_id IN (
             SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
              WHERE o.name = 'Northbank Plant Hire') ORDER BY code LIMIT 1) s
    CROSS JOIN generate_series(0, $1 - 1) n
    CROSS JOIN LATERAL (SELECT timestamptz '${FIRST_DAY} 00:00:00+00' + n * interval '${STEP_S} seconds' AS t,
                               (n / 300) * 240 + least(n % 300, 240) AS u) p`,
  POINTS,
);
const [machine] = await db.query<{ machine_id: string }>(
  `SELECT s.machine_id FROM source s JOIN machine m ON m.id = s.machine_id
     JOIN organisation o ON o.id = m.organisation_id
    WHERE o.name = 'Northbank Plant Hire' AND s.type = 'TELTONIKA' ORDER BY s.code LIMIT 1`,
);

const drawn: number[] = [];
const calls: number[] = [];
let points = 0;
let trips = 0;
for (let run = 0; run < WARM_UP + RUNS; run++) {
  let askedAt = 0;
  const isRoute = (address: string) => address.includes('/v1/portal/maps/routes?');
  const onRequest = (request: { url(): string }) => {
    if (isRoute(request.url())) askedAt = performance.now();
  };
  page.on('request', onRequest);
  const reply = page.waitForResponse((r) => isRoute(r.url()), { timeout: 120_000 });
  await page.goto(
    `${url}/routes?startDate=${FIRST_DAY}&endDate=${LAST_DAY}&machineId=${machine?.machine_id}`,
  );
  const response = await reply;
  await response.finished();
  const repliedAt = performance.now();
  page.off('request', onRequest);
  // The map says how many positions its lines hold once they are on it; then one frame to paint.
  const map = page.locator('.leaflet-container[data-route-points]');
  await map.waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const drawnAt = performance.now();
  points = Number(await map.getAttribute('data-route-points'));
  trips = Number(await map.getAttribute('data-route-trips'));
  if (run >= WARM_UP) {
    calls.push(repliedAt - askedAt);
    drawn.push(drawnAt - repliedAt);
  }
}
const fmt = (values: number[]) => values.map((t) => t.toFixed(0)).join(', ');
console.log(
  `route of ${points.toLocaleString('en')} positions in ${trips} trips: the call took a median ` +
    `${median(calls).toFixed(0)} ms (runs ${fmt(calls)}); drawn a median ${median(drawn).toFixed(0)} ms ` +
    `after the reply (runs ${fmt(drawn)}), ${(median(drawn) / TARGET_MS).toFixed(2)} of the ${TARGET_MS} ms target`,
);
await close();
