// Webhook delivery (issue 43): 1,000 alerts raised in one statement reach a local receiver, each
// signed and checked there, end to end: from the INSERT (whose trigger writes the outbox) until the
// receiver holds all 1,000. The worker is the server's own (WebhookWorker.run), posting 32 at once.
// 1 warm-up round, then the median of 5. Target: 5 s.
// `node --import tsx bench/webhooks.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/config.ts';
import { WebhookWorker } from '../server/modules/webhooks/worker.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { median } from './fleetYear.ts';

const EVENTS = 1000;
const WARM_UP = 1;
const RUNS = 5;
const TARGET_MS = 5000;

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
let received = 0;
let badSignatures = 0;
let allIn: () => void = () => undefined;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${Buffer.concat(chunks)}`;
    const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    if (request.headers['webhook-signature'] !== expected) badSignatures += 1;
    response.writeHead(204).end();
    received += 1;
    if (received === EVENTS) allIn();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const { db, dispose } = await freshDatabase('webhooks');
const [organisation] = await db.query<{ id: string }>(
  `INSERT INTO organisation (name, type) VALUES ('Webhook bench', 'rental') RETURNING id`,
);
const organisationId = organisation?.id ?? '';
await db.query(
  `INSERT INTO webhook_subscription (organisation_id, url, secret, event_types)
   VALUES ($1, $2, $3, ARRAY['alert.deviceSilent'])`,
  [organisationId, url, secret],
);
const config = {
  ...loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }),
  webhookPollMs: 0,
};
const quiet = { info: () => undefined, error: (o: object) => console.error(o) };
const worker = new WebhookWorker({ db, config, log: quiet });

async function round(): Promise<number> {
  received = 0;
  const done = new Promise<void>((resolve) => {
    allIn = resolve;
  });
  const began = performance.now();
  await db.query(
    `INSERT INTO alert (organisation_id, alert_type, subject_id, started_at, at, minutes)
     SELECT $1, 'deviceSilent', gen_random_uuid(), now() - interval '2 hours', now(), 120
       FROM generate_series(1, $2)`,
    [organisationId, EVENTS],
  );
  await worker.run(Date.now());
  await done;
  return performance.now() - began;
}

const timings: number[] = [];
for (let run = 0; run < WARM_UP + RUNS; run++) {
  const ms = await round();
  if (run >= WARM_UP) timings.push(ms);
}
console.log(
  `${benchDatabaseKind()} webhooks ${EVENTS.toLocaleString('en')} events to a local receiver: median ` +
    `${median(timings).toFixed(0)} ms (runs ${timings.map((t) => t.toFixed(0)).join(', ')}); ` +
    `${badSignatures} bad signatures; target ${TARGET_MS} ms`,
);
await new Promise<void>((resolve) => receiver.close(() => resolve()));
await dispose();
