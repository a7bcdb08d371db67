// A clock moved to another instant for every process of a test run, so CI can prove the suites
// pass on a Monday morning and a Sunday night. Plain JavaScript because Node preloads it through
// NODE_OPTIONS="--import …" before any loader exists, in vitest's workers and the servers they spawn.
//
//   node tests/support/fakeClock.mjs monday 06:00   prints the offset to the latest such London time
//   FAKE_CLOCK_OFFSET_MS=<offset> (with the --import) shifts Date.now() and new Date() by it
//
// One offset for all processes keeps their clocks together; time keeps running, timers are real.
import process from 'node:process';

const RealDate = globalThis.Date;
const ZONE = 'Europe/London';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The browser's version of the same shift, for a page's init script. */
export function fakeClockScript(offsetMs) {
  return `(() => {
    const RealDate = Date;
    const offset = ${Number(offsetMs)};
    globalThis.Date = (${shiftedDate.toString()})(RealDate, offset);
  })();`;
}

/**
 * Date with its clock moved by offsetMs. A Proxy rather than a subclass: Date.prototype stays the
 * real one, so libraries that copy its methods (@date-fns/tz's TZDate) still find them all.
 */
function shiftedDate(RealDate, offsetMs) {
  const now = () => RealDate.now() + offsetMs;
  return new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}

export const fakeClockOffsetMs = Number(process.env.FAKE_CLOCK_OFFSET_MS ?? 0);

// Marked on the global: a test that imports this file (for the offset) loads a second copy of it,
// which must not move the clock again.
const SHIFTED = Symbol.for('fleet-portal.fakeClock');

if (fakeClockOffsetMs !== 0 && !globalThis[SHIFTED]) {
  globalThis[SHIFTED] = true;
  globalThis.Date = shiftedDate(RealDate, fakeClockOffsetMs);
}

/** The latest instant at or before now when London's wall clock shows this weekday and time. */
function latestLondon(weekday, time) {
  const [hour, minute] = time.split(':').map(Number);
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const stepMs = 15 * 60_000;
  let instant = Math.floor(RealDate.now() / stepMs) * stepMs;
  for (let step = 0; step < 8 * 96; step++, instant -= stepMs) {
    const parts = Object.fromEntries(
      format.formatToParts(new RealDate(instant)).map((part) => [part.type, part.value]),
    );
    if (
      parts.weekday.toLowerCase() === weekday &&
      Number(parts.hour) === hour &&
      Number(parts.minute) === minute
    )
      return instant;
  }
  throw new Error(`no ${weekday} ${time} in ${ZONE} in the last eight days`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*[\\/]/, '/'))) {
  const [weekday = '', time = ''] = process.argv.slice(2).map((arg) => arg.toLowerCase());
  if (!WEEKDAYS.includes(weekday) || !/^\d\d:\d\d$/.test(time)) {
    process.stderr.write('usage: node tests/support/fakeClock.mjs <weekday> <HH:MM>\n');
    process.exit(2);
  }
  process.stdout.write(`${latestLondon(weekday, time) - RealDate.now()}\n`);
}
