// The real server on the built portal (dist/web) with the demo seed and a benchmark's own
// machines, and headless Chromium signed in as the demo admin: what the screen benchmarks share.
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/database.ts';
import { loadConfig } from '../server/config.ts';
import { seedDemoIfEmpty } from '../server/demo/seed.ts';
import { ReadModel } from '../server/readModel/readModel.ts';
import { buildPipeline } from '../server/telemetry/pipeline.ts';
import { launchChromium } from '../tests/support/chromium.ts';
import { freshDatabase } from './database.ts';

const ADMIN = 'admin@demo.example';
const PASSWORD = 'Demo-portal-1';

/** `addMachines` runs after the demo seed, with `machines` as $1. */
export async function startBenchPortal(
  label: string,
  addMachines: string,
  machines: number,
): Promise<{ page: Page; url: string; db: Database; close(): Promise<void> }> {
  const { db, dispose } = await freshDatabase(label);
  await seedDemoIfEmpty(db, { adminEmail: ADMIN, password: PASSWORD });
  await db.query(addMachines, [machines]);
  await db.exec('VACUUM ANALYZE');

  const pipeline = buildPipeline(db);
  const app = await buildApp({
    pipeline,
    readModel: new ReadModel(db),
    config: loadConfig({
      WEB_DIR: 'dist/web',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    db,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  // No tiles from the internet here: refused, as an unreachable tile server would.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.goto(`${url}/login`);
  await page.getByLabel(/E-mail address/).fill(ADMIN);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/machines/);
  return {
    page,
    url,
    db,
    async close() {
      await browser.close();
      await app.close();
      await pipeline.close();
      await dispose();
    },
  };
}
