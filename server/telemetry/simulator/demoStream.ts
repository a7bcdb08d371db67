// Keeps the demo fleet's trackers talking: on start each device sends what it "buffered" since its
// last stored record (up to the history window), then every minute the records of that minute,
// all over the real Teltonika TCP protocol to the server's own listener.
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import type { AvlRecordInput } from '../adapters/teltonika/encode.ts';
import { recordsFor } from './device.ts';
import { planMachine, type SimKind, type SimMachine } from './plan.ts';
import { seededRandom } from './random.ts';
import { sendOverTcp } from './teltonikaClient.ts';

const DAY_MS = 86_400_000;
const SEED = 20_260_426;
const DEVICES_AT_ONCE = 8;

interface DemoDevice {
  sim: SimMachine;
  timeZone: string;
  lastSentMs: number;
}

function kindOf(category: string | null): { kind: SimKind; fuelSensor: SimMachine['fuelSensor'] } {
  if (category === 'Dumper') return { kind: 'dumper', fuelSensor: 'counter' };
  if (category === 'Telehandler' || category === 'Access' || category === 'Lighting') {
    return { kind: 'telehandler', fuelSensor: 'level' };
  }
  return { kind: 'excavator', fuelSensor: 'counter' };
}

export interface DemoStreamOptions {
  db: Database;
  target: { host: string; port: number };
  historyDays: number;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  now?: () => number;
}

export class DemoStream {
  private devices: DemoDevice[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private sending: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: DemoStreamOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Backfills every device, then streams each minute; resolves when the backfill is sent. */
  async start(): Promise<void> {
    const rows = await this.options.db.query<{
      code: string;
      category: string | null;
      latitude: number | null;
      longitude: number | null;
      timezone: string;
      last_ms: number | null;
    }>(
      `SELECT s.code, m.category, coalesce(hs.latitude, home.latitude) AS latitude,
              coalesce(hs.longitude, home.longitude) AS longitude, o.timezone,
              extract(epoch FROM (SELECT max(device_time) FROM telemetry_record r WHERE r.source_id = s.id)) * 1000 AS last_ms
         FROM source s
         JOIN machine m ON m.id = s.machine_id AND m.archived_at IS NULL
         JOIN organisation o ON o.id = m.organisation_id
         LEFT JOIN site home ON home.id = m.site_id
         LEFT JOIN LATERAL (
           SELECT site_id FROM hire h WHERE h.machine_id = m.id AND h.starts_at <= now()
              AND coalesce(h.ends_at, 'infinity') > now() ORDER BY h.starts_at DESC LIMIT 1) cur ON true
         LEFT JOIN site hs ON hs.id = cur.site_id
        WHERE s.type = 'TELTONIKA'
        ORDER BY s.code`,
    );
    const random = seededRandom(SEED);
    const earliest = this.now() - this.options.historyDays * DAY_MS;
    this.devices = rows.map((row, i) => {
      const site = {
        latitude: row.latitude ?? 51.5 + random() * 0.1,
        longitude: row.longitude ?? -0.2 + random() * 0.2,
      };
      return {
        timeZone: row.timezone,
        lastSentMs: Math.max(row.last_ms ?? 0, earliest),
        sim: {
          imei: row.code,
          ...kindOf(row.category),
          site,
          tip: { latitude: site.latitude + 0.0054, longitude: site.longitude },
          worksSaturday: i % 4 === 1,
          lateFinish: i % 5 === 2,
          dropsOut: false,
          robbed: i % 11 === 5,
        },
      };
    });
    const total = await this.send();
    this.options.log.info(
      { devices: this.devices.length, records: total },
      'demo trackers caught up',
    );
    this.timer = setInterval(() => {
      this.sending = this.sending.then(() => this.send().then(() => undefined));
    }, 60_000);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sending;
  }

  /** Each device's planned records after its last sent one, up to now; returns how many were sent. */
  private async send(): Promise<number> {
    const nowMs = this.now();
    let sent = 0;
    const queue = [...this.devices];
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        const records = this.due(device, nowMs);
        if (records.length === 0) continue;
        try {
          await sendOverTcp(this.options.target, device.sim.imei, records);
          device.lastSentMs = records[records.length - 1]?.timestampMs ?? device.lastSentMs;
          sent += records.length;
        } catch (error) {
          this.options.log.error(
            { err: error, imei: device.sim.imei },
            'demo tracker could not send',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: DEVICES_AT_ONCE }, worker));
    return sent;
  }

  private due(device: DemoDevice, nowMs: number): AvlRecordInput[] {
    const days: string[] = [];
    const lastDay = zonedDate(new Date(nowMs), device.timeZone);
    for (
      let day = zonedDate(new Date(device.lastSentMs), device.timeZone);
      day <= lastDay;
      day = nextDate(day)
    ) {
      days.push(day);
    }
    const plan = planMachine(device.sim, days, device.timeZone, SEED);
    return recordsFor(device.sim, plan, seededRandom(device.lastSentMs)).filter(
      (record) => record.timestampMs > device.lastSentMs && record.timestampMs <= nowMs,
    );
  }
}
