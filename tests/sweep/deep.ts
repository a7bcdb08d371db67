// npm run sweep:deep: the contract sweep's hostile requests at depth, outside CI: CASES (10,000 by
// default) a route from SEED, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, each on a fresh
// seeded server. Prints progress, writes test-results/sweep-deep-<database>.json, and exits 1 on
// any failure (a 500, an error out of shape, an audit row missing or left over).
// A long run may be split by route: --routes 0:100 then --routes 100:205 send the very cases of one
// whole run (each route's cases come from its own seed).
// Usage: npm run sweep:deep [-- --cases 10000 --seed 20261127 --concurrency 4 --only pglite
//        --routes 0:100]
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { testDatabases } from '../support/databases.ts';
import { prepareSweep, WEBHOOK_TOKENS } from '../support/sweep/contract.ts';
import { probeRoutes } from '../support/sweep/probe.ts';
import { startTestServer } from '../support/testServer.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261127' },
    concurrency: { type: 'string', default: '4' },
    only: { type: 'string' },
    routes: { type: 'string' },
  },
});
const casesPerRoute = Number(values.cases);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
const [from, to] = (values.routes ?? '0:100000').split(':').map(Number);
if (from === undefined || to === undefined || !(from >= 0 && to > from)) {
  console.error(`--routes must be FROM:TO with 0 <= FROM < TO, got ${values.routes}`);
  process.exit(2);
}
const part = values.routes ? `-routes-${from}-${to}` : '';

let failed = false;
mkdirSync('test-results', { recursive: true });
for (const database of testDatabases) {
  if (values.only && values.only !== database.kind) continue;
  const server = await startTestServer(database, { env: WEBHOOK_TOKENS });
  const sweep = await prepareSweep(server);
  const started = performance.now();
  let lastPrint = 0;
  const totals = await probeRoutes(server, sweep, {
    casesPerRoute,
    seed,
    concurrency,
    routes: { from, to },
    onRoute: (route, sofar) => {
      const now = performance.now();
      if (now - lastPrint < 30_000) return;
      lastPrint = now;
      const minutes = ((now - started) / 60_000).toFixed(1);
      console.log(
        `${database.kind}: ${sofar.routes} routes, ${sofar.cases} cases, ` +
          `${sofar.failures.length} failures, ${minutes} min (${route.method} ${route.path})`,
      );
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const result = {
    database: database.kind,
    seed,
    routeRange: [from, Math.min(to, sweep.routes.length)],
    casesPerRoute,
    routes: totals.routes,
    cases: totals.cases,
    seconds: Math.round(seconds),
    casesPerSecond: Math.round(totals.cases / seconds),
    statuses: totals.statuses,
    failures: totals.failures,
  };
  writeFileSync(
    `test-results/sweep-deep-${database.kind}${part}.json`,
    JSON.stringify(result, null, 2),
  );
  console.log(
    `sweep:deep on ${database.kind}: ${totals.routes} routes (${from} to ${Math.min(to, sweep.routes.length) - 1}), ${totals.cases} cases in ` +
      `${Math.round(seconds)} s, statuses ${JSON.stringify(totals.statuses)}, ` +
      `${totals.failures.length} failures`,
  );
  for (const failure of totals.failures.slice(0, 50)) console.log(`  ${failure}`);
  failed ||= totals.failures.length > 0;
  await server.close();
}
process.exit(failed ? 1 : 0);
