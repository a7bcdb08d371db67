// Request rate limits counted across api processes: two counters on one database stand for two
// processes. Each answers from memory at once and learns the other's requests at its next sync;
// a window is the clock's, so both name the same one; a refused sync loses no request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { RateWindows } from '../../server/plugins/rateWindows.ts';
import { testDatabases } from '../support/databases.ts';

const MINUTE_MS = 60_000;
/** Ten seconds into a minute, whatever the calendar says. */
const START_MS = Date.UTC(2026, 10, 26, 9, 30, 10);

describe.each(testDatabases)('rate windows on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;
  let nowMs = START_MS;
  const clock = () => nowMs;

  beforeAll(async () => {
    ({ db, close } = await database.open());
  });

  afterAll(async () => {
    await close?.();
  });

  it('adds up the requests every process counted in the same window', async () => {
    nowMs = START_MS;
    const first = new RateWindows(db, clock);
    const second = new RateWindows(db, clock);
    for (let i = 0; i < 6; i += 1) first.incr('ada|10.0.0.1', MINUTE_MS);
    for (let i = 0; i < 5; i += 1) second.incr('ada|10.0.0.1', MINUTE_MS);
    // Each knows its own at once; the time left is the rest of the clock's minute.
    expect(first.incr('ada|10.0.0.1', MINUTE_MS)).toEqual({ current: 7, ttl: 50_000 });
    second.incr('bo|10.0.0.2', MINUTE_MS);

    await first.sync();
    await second.sync();
    // The second has learnt the first's seven.
    expect(second.incr('ada|10.0.0.1', MINUTE_MS).current).toBe(13);
    await second.sync();
    // The first learns the second's six with its own next sync: until then it answers from memory.
    expect(first.incr('ada|10.0.0.1', MINUTE_MS).current).toBe(8);
    await first.sync();
    expect(first.incr('ada|10.0.0.1', MINUTE_MS).current).toBe(15);
    expect(first.incr('bo|10.0.0.2', MINUTE_MS).current).toBe(1);

    // The next minute starts again from nothing, in both.
    nowMs = START_MS + MINUTE_MS;
    expect(first.incr('ada|10.0.0.1', MINUTE_MS).current).toBe(1);
    await first.sync();
    expect(second.incr('ada|10.0.0.1', MINUTE_MS).current).toBe(1);
    await second.sync();
    expect(second.incr('ada|10.0.0.1', MINUTE_MS).current).toBe(3);
    first.stop();
    second.stop();
  });

  it('counts again at the next sync what a refused sync carried', async () => {
    nowMs = START_MS + 10 * MINUTE_MS;
    const counter = new RateWindows(db, clock);
    for (let i = 0; i < 4; i += 1) counter.incr('cy|10.0.0.3', MINUTE_MS);
    await db.exec('ALTER TABLE rate_window RENAME TO rate_window_away');
    await expect(counter.sync()).rejects.toThrow();
    await db.exec('ALTER TABLE rate_window_away RENAME TO rate_window');
    await counter.sync();
    const other = new RateWindows(db, clock);
    other.incr('cy|10.0.0.3', MINUTE_MS);
    await other.sync();
    expect(other.incr('cy|10.0.0.3', MINUTE_MS).current).toBe(6);
    counter.stop();
    other.stop();
  });
});
