// The fleet map with 10,000 machines: how long after the map call's reply arrives every machine is
// clustered on the map, and then how long a zoom takes (the map is interactive). Fixed data: the
// demo seed plus 10,000 machines of Northbank Plant Hire, each with a tracker whose latest position
// is set as the ingest keeps it, spread over Great Britain. The real server on the built portal
// (dist/web) in headless Chromium; the map opened 2 times to warm up, then the median of 7. The
// call's own time is measured too.
// `npm run bench:map` (builds the portal first).
import { median } from './fleetYear.ts';
import { startBenchPortal } from './portal.ts';

const MACHINES = 10_000;
const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 1500;

const { page, url, close } = await startBenchPortal(
  'map',
  `WITH made AS (
     INSERT INTO machine (organisation_id, name, asset_id, category, type, oem)
     SELECT o.id, 'Bench machine ' || n, 'BM-' || lpad(n::text, 5, '0'),
            (ARRAY['Excavator', 'Dumper', 'Telehandler', 'Roller'])[1 + n % 4], 'Type ' || n % 12, 'OEM ' || n % 9
       FROM organisation o CROSS JOIN generate_series(1, $1) n
      WHERE o.name = 'Northbank Plant Hire'
     RETURNING id, asset_id)
   INSERT INTO source (type, code, machine_id, last_seen_at, last_latitude, last_longitude, last_position_at)
   SELECT 'TELTONIKA', '35' || lpad((row_number() OVER ())::text, 13, '0'), id, now(),
          50.5 + (hashtext(asset_id) & 1023) / 1023.0 * 5, -4.5 + (hashtext(asset_id || 'x') & 1023) / 1023.0 * 5.5,
          now() - interval '5 minutes'
     FROM made`,
  MACHINES,
);

const shown: number[] = [];
const zoomed: number[] = [];
const calls: number[] = [];
let located = 0;
for (let run = 0; run < WARM_UP + RUNS; run++) {
  let askedAt = 0;
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/v1/portal/maps?') || request.url().endsWith('/v1/portal/maps')) {
      askedAt = performance.now();
    }
  };
  page.on('request', onRequest);
  const reply = page.waitForResponse((r) => /\/v1\/portal\/maps(\?|$)/.test(r.url()), {
    timeout: 120_000,
  });
  await page.goto(`${url}/map`);
  const response = await reply;
  const body = (await response.json()) as { machines: { location: unknown }[] };
  const repliedAt = performance.now();
  page.off('request', onRequest);
  located = body.machines.filter((m) => m.location).length;
  await page.locator(`[data-markers="${located}"]`).waitFor({ timeout: 60_000 });
  const shownAt = performance.now();
  // Interactive: a zoom in runs to its end and the clusters are redrawn.
  const map = page.locator('.leaflet-container');
  const zoom = Number(await map.getAttribute('data-zoom'));
  await page.locator('.leaflet-control-zoom-in').click();
  await page.locator(`.leaflet-container[data-zoom="${zoom + 1}"]`).waitFor({ timeout: 60_000 });
  const zoomedAt = performance.now();
  if (run >= WARM_UP) {
    calls.push(repliedAt - askedAt);
    shown.push(shownAt - repliedAt);
    zoomed.push(zoomedAt - repliedAt);
  }
}
const fmt = (values: number[]) => values.map((t) => t.toFixed(0)).join(', ');
console.log(
  `fleet map, ${located.toLocaleString('en')} machines located: the call took a median ${median(calls).toFixed(0)} ms (runs ${fmt(calls)}); ` +
    `every machine clustered a median ${median(shown).toFixed(0)} ms after the reply (runs ${fmt(shown)}); ` +
    `a zoom done a median ${median(zoomed).toFixed(0)} ms after the reply (runs ${fmt(zoomed)}); target ${TARGET_MS} ms`,
);

await close();
