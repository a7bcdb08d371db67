// The demo's phone app: an operator check-in app that posts through the generic JSON ingest with
// its own source key, once a minute, so the admin area's /admin/android has a real client to show.
// Its phone's clock is wrong now and then (a record a day ahead): stored, flagged, and visible.
// The device is not on any machine, so the demo's figures do not change.
import type { Database } from '../../db/database.ts';
import { hashSourceKey, newSourceKey } from '../sourceKey.ts';

export const DEMO_APP = { type: 'ANDROID', code: 'NPH-APP-0001' } as const;
/** Every this many posts, the phone's clock is a day ahead. */
const WRONG_CLOCK_EVERY = 5;
const DAY_MS = 86_400_000;
/** The machine's hour meter read 1,200 h at the start of 2026, and it works a third of the time. */
const METER_FROM_MS = Date.UTC(2026, 0, 1);
const hourMeterAt = (atMs: number) => 1200 + Math.max(0, atMs - METER_FROM_MS) / 3_600_000 / 3;

export class DemoApp {
  private posts = 0;

  private constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  /** Registers the app's source with a fresh key (the key lives only in this process). */
  static async start(db: Database, baseUrl: string): Promise<DemoApp> {
    const key = newSourceKey();
    await db.query(
      `INSERT INTO source (type, code, api_key_hash) VALUES ($1, $2, $3)
       ON CONFLICT (type, code) DO UPDATE SET api_key_hash = EXCLUDED.api_key_hash`,
      [DEMO_APP.type, DEMO_APP.code, hashSourceKey(key)],
    );
    return new DemoApp(baseUrl, key);
  }

  /** One check-in: where the operator is and the hour meter they read off the machine. */
  async post(nowMs: number): Promise<void> {
    this.posts++;
    const minute = Math.floor(nowMs / 60_000);
    const record = (atMs: number) => ({
      deviceTime: new Date(atMs).toISOString(),
      latitude: 51.529 + ((minute % 20) - 10) * 0.0001,
      longitude: -0.276,
      satellites: 8,
      hourMeterH: Math.round(hourMeterAt(atMs) * 10) / 10,
    });
    const records = [record(Math.floor(nowMs / 1000) * 1000)];
    if (this.posts % WRONG_CLOCK_EVERY === 0) records.push(record(nowMs + DAY_MS));
    const response = await fetch(`${this.baseUrl}/v1/ingest/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.key },
      body: JSON.stringify({ records }),
    });
    if (!response.ok) throw new Error(`the server answered ${response.status} to the demo app`);
  }
}
