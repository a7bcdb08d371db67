// `npm run simulate -- --machines N --days D [--lora L] [--oem O] [--live] …`: simulates a fleet
// for the last D days and sends it to a running server over the real protocols: Teltonika TCP for
// most machines, LoRaWAN webhooks (The Things Stack and ChirpStack in turn) for the last L but O,
// and for the last O an ISO 15143-3 feed it serves itself, registered with the server by a staff
// user and polled hour by hour through the history. Writes the ground truth (per machine per day:
// hours by state, fuel, trips, refills) as JSON; with --live keeps every device going until stopped.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';
import { simulate, simulatedFleet } from './fleet.ts';
import { devEuiFor, sendUplinks, uplinksFor, type LoraNetwork } from './loraDevice.ts';
import { OEM_REPORT_MS } from './oemUnit.ts';
import { SimulatedOemPortal } from './oemPortal.ts';
import { seededRandom } from './random.ts';
import { sendOverTcp } from './teltonikaClient.ts';
import { endpoints, pathTo } from '../../../src/domain/api/endpoints.ts';

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '10' },
    days: { type: 'string', default: '7' },
    lora: { type: 'string', default: '0' },
    oem: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: process.env.TELTONIKA_PORT ?? '5027' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '8080'}` },
    'tts-token': { type: 'string', default: process.env.LORAWAN_TTS_TOKEN ?? '' },
    'chirpstack-token': { type: 'string', default: process.env.LORAWAN_CHIRPSTACK_TOKEN ?? '' },
    'staff-email': { type: 'string', default: 'staff@demo.example' },
    'staff-password': { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Demo-portal-1' },
    truth: { type: 'string', default: 'simulation-truth.json' },
    'time-zone': { type: 'string', default: 'Europe/London' },
    seed: { type: 'string', default: '1' },
    live: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

const machineCount = wholeNumber('machines', values.machines, 1, 10_000);
const dayCount = wholeNumber('days', values.days, 1, 366);
const oemCount = wholeNumber('oem', values.oem, 0, machineCount);
const loraCount = wholeNumber('lora', values.lora, 0, machineCount - oemCount);
const port = wholeNumber('port', values.port, 1, 65_535);
const seed = wholeNumber('seed', values.seed, 0, 2 ** 31);
const timeZone = values['time-zone'] ?? 'Europe/London';
const target = { host: values.host ?? '127.0.0.1', port };
const baseUrl = (values.url ?? '').replace(/\/$/, '');
const loraTokens: Record<LoraNetwork, string> = {
  tts: values['tts-token'] ?? '',
  chirpstack: values['chirpstack-token'] ?? '',
};
if (loraCount > 0 && (!loraTokens.tts || !loraTokens.chirpstack)) {
  fail('--lora needs --tts-token and --chirpstack-token (the server’s LORAWAN_*_TOKEN settings)');
}

const today = zonedDate(new Date(), timeZone);
const days: string[] = [];
for (
  let day = zonedDate(new Date(Date.now() - (dayCount - 1) * 86_400_000), timeZone);
  day <= today;
  day = nextDate(day)
) {
  days.push(day);
}
// Simulated through tomorrow so that live mode has minutes to send after midnight.
const fleet = simulatedFleet(machineCount, seed);
const simulation = simulate(fleet, [...days, nextDate(today)], timeZone, seed);
const teltonikaCount = machineCount - loraCount - oemCount;
const unitOf = (i: number) =>
  i < teltonikaCount ? 'teltonika' : i < teltonikaCount + loraCount ? 'lora' : 'oem';
const lora = fleet
  .map((sim, i) => ({ sim, i }))
  .filter(({ i }) => unitOf(i) === 'lora')
  .map(({ sim, i }) => ({
    devEui: devEuiFor(sim.imei),
    network: (i % 2 === 0 ? 'tts' : 'chirpstack') as LoraNetwork,
    uplinks: uplinksFor(
      simulation.plans.get(sim.imei) ?? fail(`no plan for ${sim.imei}`),
      seededRandom(seed + i),
    ),
  }));
const oemMachines = fleet
  .filter((_, i) => unitOf(i) === 'oem')
  .map((sim, i) => ({
    sim,
    header: {
      oemName: 'Simulated OEM',
      model: sim.kind,
      serialNumber: `SIM-${sim.imei.slice(-7)}`,
      pin: `SIMPIN${sim.imei.slice(-7)}`,
      equipmentId: sim.imei,
    },
    base: { operatingHoursH: 1000 + i * 50, idleHoursH: 200, fuelUsedL: 5000 },
  }));

const truth = simulation.truth.filter((day) => day.day <= today);
writeFileSync(
  values.truth ?? 'simulation-truth.json',
  JSON.stringify(
    {
      timeZone,
      days,
      machines: fleet.map((sim, i) => ({ ...sim, unit: unitOf(i) })),
      truth,
    },
    null,
    2,
  ),
);

async function api<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers the simulated OEM portal with the server and polls it through the history. */
async function startOemFeed(): Promise<{
  portal: SimulatedOemPortal;
  feedId: string;
  token: string;
}> {
  const client = { clientId: 'simulator', clientSecret: randomBytes(16).toString('hex') };
  const portal = await SimulatedOemPortal.start(oemMachines, {
    firstDay: days[0] ?? today,
    timeZone,
    seed,
    auth: { kind: 'oauth2', ...client },
  });
  const { token } = await api<{ token: string }>('POST', endpoints.auth.login, null, {
    email: values['staff-email'],
    password: values['staff-password'],
  });
  const me = await api<{ organisation: { id: string } }>('GET', endpoints.me.root, token);
  const feed = await api<{ id: string }>('POST', endpoints.admin.oemFeeds.root, token, {
    organisationId: me.organisation.id,
    name: `Simulator ${new Date().toISOString()}`,
    sourceType: 'SIMULATED_OEM',
    baseUrl: portal.feed.fleetUrl,
    format: 'xml',
    auth: 'oauth2',
    username: client.clientId,
    secret: client.clientSecret,
    tokenUrl: portal.feed.tokenUrl,
    intervalS: 300,
    enabled: false,
  });
  const firstMs = new Date(`${days[0]}T00:00:00Z`).getTime() - 86_400_000;
  for (let t = firstMs; t <= Date.now(); t += OEM_REPORT_MS) {
    portal.clockMs = t;
    const result = await api<{ error: string | null }>(
      'POST',
      pathTo(endpoints.admin.oemFeeds.poll, { id: feed.id }),
      token,
    );
    if (result.error) throw new Error(`the server could not read the feed: ${result.error}`);
  }
  portal.clockMs = null;
  return { portal, feedId: feed.id, token };
}

let sentUntil = Date.now();
async function sendBetween(fromMs: number, toMs: number): Promise<number> {
  let sent = 0;
  const due = <T extends { timestampMs?: number; timeMs?: number }>(items: T[]) =>
    items.filter((item) => {
      const t = item.timestampMs ?? item.timeMs ?? 0;
      return t > fromMs && t <= toMs;
    });
  for (const [i, sim] of fleet.entries()) {
    if (unitOf(i) !== 'teltonika') continue;
    const records = due(simulation.records.get(sim.imei) ?? []);
    if (records.length === 0) continue;
    await sendOverTcp(target, sim.imei, records);
    sent += records.length;
  }
  for (const sensor of lora) {
    const uplinks = due(sensor.uplinks);
    await sendUplinks(
      { baseUrl, token: loraTokens[sensor.network] },
      sensor.network,
      sensor.devEui,
      uplinks,
    );
    sent += uplinks.length;
  }
  return sent;
}

const history = await sendBetween(-Infinity, sentUntil);
const oem = oemMachines.length > 0 ? await startOemFeed() : null;
console.log(
  `Sent ${history.toLocaleString('en')} records of ${teltonikaCount} Teltonika trackers and ${loraCount} LoRaWAN sensors ` +
    `over ${dayCount} days to ${target.host}:${port} and ${baseUrl}` +
    (oem
      ? `; ${oemMachines.length} machines polled from the OEM feed at ${oem.portal.feed.fleetUrl}`
      : '') +
    `; ground truth in ${values.truth}`,
);
if (!values.live) {
  if (oem) {
    await api('DELETE', pathTo(endpoints.admin.oemFeeds.item, { id: oem.feedId }), oem.token);
    await oem.portal.close();
  }
} else {
  if (oem) {
    const feeds = await api<{ feeds: Record<string, unknown>[] }>(
      'GET',
      endpoints.admin.oemFeeds.root,
      oem.token,
    );
    const feed = feeds.feeds.find((f) => f.id === oem.feedId);
    const { id, hasSecret, lastPolledAt, lastSuccessAt, lastError, lastEquipment, ...body } =
      feed ?? {};
    await api('PUT', pathTo(endpoints.admin.oemFeeds.item, { id: oem.feedId }), oem.token, {
      ...body,
      enabled: true,
    });
  }
  if (oem) {
    process.on('SIGINT', () => {
      // The feed goes with the simulator: left enabled, the server would poll a closed port.
      api('DELETE', pathTo(endpoints.admin.oemFeeds.item, { id: oem.feedId }), oem.token)
        .catch((error: unknown) => console.error(error))
        .finally(() => process.exit(0));
    });
  }
  console.log('Live: sending each new minute; Ctrl+C to stop.');
  setInterval(() => {
    const now = Date.now();
    sendBetween(sentUntil, now)
      .then((sent) => {
        sentUntil = now;
        if (sent > 0) console.log(`${new Date(now).toISOString()} sent ${sent} records`);
      })
      .catch((error: unknown) => console.error(error));
  }, 60_000);
}
