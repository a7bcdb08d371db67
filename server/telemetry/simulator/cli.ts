// `npm run simulate -- --machines N --days D [--host H] [--port P] [--truth FILE] [--live]`:
// simulates a fleet for the last D days, sends it over Teltonika TCP to a running server, writes the
// ground truth (per machine per day: hours by state, fuel, trips, refills) as JSON, and with --live
// keeps sending each new minute's records until stopped.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';
import { simulate, simulatedFleet } from './fleet.ts';
import { sendOverTcp } from './teltonikaClient.ts';

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '10' },
    days: { type: 'string', default: '7' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: process.env.TELTONIKA_PORT ?? '5027' },
    truth: { type: 'string', default: 'simulation-truth.json' },
    'time-zone': { type: 'string', default: 'Europe/London' },
    seed: { type: 'string', default: '1' },
    live: { type: 'boolean', default: false },
  },
});

function wholeNumber(name: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}

const machineCount = wholeNumber('machines', values.machines, 1, 10_000);
const dayCount = wholeNumber('days', values.days, 1, 366);
const port = wholeNumber('port', values.port, 1, 65_535);
const seed = wholeNumber('seed', values.seed, 0, 2 ** 31);
const timeZone = values['time-zone'] ?? 'Europe/London';
const target = { host: values.host ?? '127.0.0.1', port };

const today = zonedDate(new Date(), timeZone);
const days: string[] = [];
for (
  let day = zonedDate(new Date(Date.now() - (dayCount - 1) * 86_400_000), timeZone);
  day <= today;
  day = nextDate(day)
) {
  days.push(day);
}
// Simulate through tomorrow so that live mode has minutes to send after midnight.
const simulation = simulate(
  simulatedFleet(machineCount, seed),
  [...days, nextDate(today)],
  timeZone,
  seed,
);
const truth = simulation.truth.filter((day) => day.day <= today);
writeFileSync(
  values.truth ?? 'simulation-truth.json',
  JSON.stringify({ timeZone, days, machines: simulation.machines, truth }, null, 2),
);

let sentUntil = Date.now();
async function sendBetween(fromMs: number, toMs: number): Promise<number> {
  let sent = 0;
  for (const [imei, records] of simulation.records) {
    const due = records.filter(
      (record) => record.timestampMs > fromMs && record.timestampMs <= toMs,
    );
    if (due.length === 0) continue;
    await sendOverTcp(target, imei, due);
    sent += due.length;
  }
  return sent;
}

const history = await sendBetween(-Infinity, sentUntil);
console.log(
  `Sent ${history.toLocaleString('en')} records of ${machineCount} machines over ${dayCount} days to ${target.host}:${port}; ` +
    `ground truth in ${values.truth}`,
);
if (values.live) {
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
