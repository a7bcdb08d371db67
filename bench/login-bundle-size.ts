// Measures the JavaScript the login page loads, in a real browser against the real server: raw and gzip bytes.
// Run with `npm run bench:bundle` (it builds the portal first).
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { ReadModel } from '../server/readModel/readModel.ts';
import { buildPipeline } from '../server/telemetry/pipeline.ts';
import { launchChromium } from '../tests/support/chromium.ts';

const TARGET_GZIP_KB = 350;

const db = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
const pipeline = buildPipeline(db);
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent' }),
  db,
  pipeline,
  readModel: new ReadModel(db),
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const browser = await launchChromium();
const page = await browser.newPage();
const scripts = new Map<string, Buffer>();
page.on('response', async (response) => {
  if (response.request().resourceType() === 'script')
    scripts.set(new URL(response.url()).pathname, await response.body());
});
await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
await page.getByLabel(/E-mail address/).waitFor();

let rawBytes = 0;
let gzipBytes = 0;
for (const [path, body] of [...scripts].sort()) {
  const gzipped = gzipSync(body).length;
  rawBytes += body.length;
  gzipBytes += gzipped;
  console.log(
    `${path.padEnd(40)} ${(body.length / 1024).toFixed(1).padStart(8)} KB raw ${(gzipped / 1024).toFixed(1).padStart(8)} KB gzip`,
  );
}
console.log(
  `login page JavaScript: ${scripts.size} files, ${(rawBytes / 1024).toFixed(1)} KB raw, ${(gzipBytes / 1024).toFixed(1)} KB gzip`,
);
console.log(
  `target: at most ${TARGET_GZIP_KB} KB gzip; ratio to target ${(gzipBytes / 1024 / TARGET_GZIP_KB).toFixed(2)}`,
);

await browser.close();
await app.close();
await pipeline.close();
await db.close();
