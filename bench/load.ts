// The 10,000-machine database (bench/fleetYear.ts) served by the real server in its own process:
// how soon after a start the first machine list answers, then 200 users at once on the machine
// list, the dashboard and the fleet map, each call for a bounded time over loopback (the load
// client in this process, the server in another), with the latency percentiles and the errors.
// The users ask as a browser does, accepting compressed replies. The fleet map is measured twice:
// every user loading it afresh, and every user asking again with the copy it holds (If-None-Match).
// `node --import tsx bench/load.ts` (PGlite in a temporary folder); `BENCH_DATABASE_URL=postgres://…`
// for PostgreSQL; `BENCH_API_PROCESSES=2` serves PostgreSQL from two api processes, the clients
// spread over both.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../tests/support/portalProcess.ts';
import { hashPassword } from '../server/security/passwords.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { loadFleetYear, median } from './fleetYear.ts';
import { runLoad } from './loadClient.ts';

const USERS = 200;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const P99_TARGET_MS = 500;
const EMAIL = 'load@bench.example';
const PASSWORD = 'Bench-load-1';
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 1);
/** Each call is measured this many times, one after another: on two cores the p99 of one round varies. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);

const { db, dispose, url: databaseUrl, dataDir } = await freshDatabase('load');
const { organisationId } = await loadFleetYear(db);
const [user] = await db.query<{ id: string }>(
  `INSERT INTO app_user (email, first_name, last_name, password_hash) VALUES ($1, 'Load', 'Bench', $2) RETURNING id`,
  [EMAIL, await hashPassword(PASSWORD)],
);
await db.query(
  `INSERT INTO membership (user_id, organisation_id, role, is_default) VALUES ($1, $2, 'admin', true)`,
  [user?.id ?? '', organisationId],
);
// The server opens the embedded database itself: this process lets go of it first.
if (!databaseUrl) await db.close();

interface Server {
  url: string;
  child: ChildProcess;
  startedAt: number;
}

async function startServer(role: string): Promise<Server> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ROLE: role,
      PORT: String(port),
      TELTONIKA_PORT: 'off',
      DEMO_DATA: 'false',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '10000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir ?? '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { url: `http://127.0.0.1:${port}`, child, startedAt };
}

async function whenReady(server: Server): Promise<number> {
  for (let i = 0; i < 6000; i++) {
    const ready = await fetch(`${server.url}/v1/health/ready`)
      .then((reply) => reply.ok)
      .catch(() => false);
    if (ready) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server did not become ready in 120 s');
}

const servers = await Promise.all(
  Array.from({ length: API_PROCESSES }, () => startServer(API_PROCESSES > 1 ? 'api' : 'all')),
);
const readyAt = await Promise.all(servers.map(whenReady));
const first = servers[0] as Server;
const login = await fetch(`${first.url}/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
const listPath = '/v1/portal/machines/list?start=max&end=max&perPage=25&page=1';
const listBegan = performance.now();
const firstList = await fetch(`${first.url}${listPath}`, { headers });
const firstListMs = performance.now() - listBegan;
console.log(
  `${benchDatabaseKind()}, ${API_PROCESSES} api process(es): ready ${((readyAt[0] ?? 0) - first.startedAt).toFixed(0)} ms after the start; ` +
    `the first list (${firstList.status}) answered in ${firstListMs.toFixed(0)} ms, ` +
    `that is within ${firstListMs.toFixed(0)} ms of ready (target 2,000)`,
);

const calls = [
  { label: 'machine list', path: listPath },
  { label: 'dashboard', path: '/v1/portal/dashboard?start=max&end=max' },
  { label: 'fleet map', path: '/v1/portal/maps' },
  { label: 'fleet map, asked again', path: '/v1/portal/maps', revalidate: true },
];
for (const { label, path, revalidate } of calls) {
  const p99s: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Each api process takes its share of the users.
    const results = await Promise.all(
      servers.map((server) =>
        runLoad({
          url: `${server.url}${path}`,
          connections: Math.ceil(USERS / servers.length),
          seconds: SECONDS,
          headers,
          revalidate,
        }),
      ),
    );
    const requests = results.reduce((sum, r) => sum + r.requests, 0);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    const megabytes = results.reduce((sum, r) => sum + r.bytes, 0) / 1e6;
    const notModified = results.reduce((sum, r) => sum + r.notModified, 0);
    const p50 = Math.max(...results.map((r) => r.p50Ms));
    const p99 = Math.max(...results.map((r) => r.p99Ms));
    p99s.push(p99);
    console.log(
      `${label}, round ${round}: ${USERS} users for ${SECONDS} s: ${requests.toLocaleString('en')} requests ` +
        `(${(requests / SECONDS).toFixed(0)}/s, ${(megabytes / SECONDS).toFixed(1)} MB/s sent), ` +
        `p50 ${p50} ms, p99 ${p99} ms, ${errors} errors` +
        (revalidate ? `, ${notModified.toLocaleString('en')} answered 304` : ''),
    );
  }
  const p99 = median(p99s);
  console.log(
    `${label}: median p99 of ${ROUNDS} rounds ${p99} ms; target ${P99_TARGET_MS} ms and 0 errors ` +
      `(ratio ${(p99 / P99_TARGET_MS).toFixed(2)})`,
  );
}

// What each server process holds after the load: its resident memory.
for (const server of servers) {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  console.log(
    `server process ${server.child.pid}: resident memory ${(rssKb / 1024).toFixed(0)} MiB`,
  );
}
for (const server of servers) server.child.kill('SIGTERM');
await Promise.all(
  servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))),
);
await dispose();
