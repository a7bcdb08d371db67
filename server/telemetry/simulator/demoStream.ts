// Keeps the demo fleet talking over the real protocols: on start each Teltonika tracker and each
// LoRaWAN sensor sends what it "buffered" since its last stored record (up to the history window),
// and the simulated OEM portal is polled hour by hour through the same window; then every minute
// each device sends that minute's records and the server polls the OEM feed on its own schedule.
import { randomBytes } from 'node:crypto';
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import type { OemFeedPoller } from '../pollers/oemFeedPoller.ts';
import { DemoApp } from './demoApp.ts';
import { DEMO_HIRE_STORIES, DEMO_IDLE_DAYS } from './demoHires.ts';
import { DEMO_ASSETS, demoAssetRecords, type DemoAsset } from './demoAssets.ts';
import { recordsFor } from './device.ts';
import type { AvlRecordInput } from '../adapters/teltonika/encode.ts';
import { demoBatteryMv, demoRadioLinks } from './demoRadio.ts';
import { heardUplinkBodies, sendUplinks, uplinksFor, type RadioLink } from './loraDevice.ts';
import { OEM_REPORT_MS } from './oemUnit.ts';
import { SimulatedOemPortal, type OemSimMachine } from './oemPortal.ts';
import { DEMO_OPERATOR_KEYS, planMachine, type SimKind, type SimMachine } from './plan.ts';
import { seededRandom } from './random.ts';
import { trackerReply } from './deviceCommands.ts';
import {
  connectDevice,
  sendOverTcp,
  sendPackets,
  type TeltonikaConnection,
} from './teltonikaClient.ts';

const DAY_MS = 86_400_000;
const SEED = 20_260_426;
const DEVICES_AT_ONCE = 8;
/**
 * A tracker catching up fills its packets: 200 records of about 71 bytes stay under the listener's
 * 16 KB data field, and each packet is one commit, where the live minute's few records go 25 a time.
 */
const CATCH_UP_RECORDS_PER_PACKET = 200;
/** The sensors' history is stored this many uplinks at a time. */
const CATCH_UP_UPLINKS_PER_BATCH = 500;
const DEMO_FEED_NAME = 'Demo OEM portal (simulated)';
const DEMO_FEED_INTERVAL_S = 300;

interface DemoDevice {
  unit: 'TELTONIKA' | 'LORA' | 'ASSET';
  code: string;
  sim: SimMachine | null;
  /** A location-only tracker on one of the demo's equipment assets. */
  asset?: DemoAsset;
  timeZone: string;
  lastSentMs: number;
  /** A LoRaWAN sensor's gateways and battery. */
  radio?: { links: RadioLink[]; batteryMv: (timeMs: number) => number };
}

function kindOf(category: string | null): { kind: SimKind; fuelSensor: SimMachine['fuelSensor'] } {
  if (category === 'Dumper') return { kind: 'dumper', fuelSensor: 'counter' };
  if (category === 'Telehandler' || category === 'Access' || category === 'Lighting') {
    return { kind: 'telehandler', fuelSensor: 'level' };
  }
  return { kind: 'excavator', fuelSensor: 'counter' };
}

/** The plan's machine number comes from the last digits of a numeric identity: a DevEUI is hex. */
const planIdentity = (code: string) =>
  /^\d+$/.test(code) ? code : String(parseInt(code.slice(-7), 16)).padStart(15, '0');

export interface DemoStreamOptions {
  db: Database;
  target: { host: string; port: number };
  /** The server's own HTTP address and The Things Stack webhook token, for the demo sensors. */
  http: { baseUrl: string; ttsToken: string } | null;
  /**
   * Stores a sensor's missed uplinks, given as The Things Stack's webhook bodies, in one go. The
   * network server would post them one request each, one commit each: the week's history of the
   * demo's sensors took a minute that way. Without it, they are posted as the live ones are.
   */
  storeUplinks?: (bodies: object[]) => Promise<void>;
  oemFeeds: OemFeedPoller | null;
  historyDays: number;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  now?: () => number;
}

interface MachineRow {
  code: string | null;
  type: string | null;
  category: string | null;
  oem: string | null;
  model: string | null;
  pin: string | null;
  serial_number: string | null;
  organisation_id: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  last_ms: number | null;
  asset_id: string | null;
  /** When its last hire ended, if it is on none now. */
  back_ms: number | null;
}

/** The demo's machines with a tracker or an OEM identity: where they stand, and when back from a hire. */
const demoMachineRows = (db: Database) =>
  db.query<MachineRow>(
    `SELECT s.code, s.type, m.category, m.oem, m.model, m.pin, m.serial_number,
            m.organisation_id, coalesce(hs.latitude, home.latitude) AS latitude,
            coalesce(hs.longitude, home.longitude) AS longitude, o.timezone,
            extract(epoch FROM (SELECT max(device_time) FROM telemetry_record r WHERE r.source_id = s.id)) * 1000 AS last_ms,
            m.asset_id,
            CASE WHEN cur.id IS NULL THEN extract(epoch FROM (
              SELECT max(h.ends_at) FROM hire h WHERE h.machine_id = m.id AND h.ends_at <= now())) * 1000 END AS back_ms
       FROM machine m
       JOIN organisation o ON o.id = m.organisation_id
       LEFT JOIN source s ON s.machine_id = m.id AND s.type IN ('TELTONIKA', 'LORA')
       LEFT JOIN site home ON home.id = m.site_id
       LEFT JOIN LATERAL (
         SELECT id, site_id FROM hire h WHERE h.machine_id = m.id AND h.starts_at <= now()
            AND coalesce(h.ends_at, 'infinity') > now() ORDER BY h.starts_at DESC LIMIT 1) cur ON true
       LEFT JOIN site hs ON hs.id = cur.site_id
      WHERE m.archived_at IS NULL AND (s.id IS NOT NULL OR m.pin IS NOT NULL)
      ORDER BY coalesce(s.code, m.pin)`,
  );

export class DemoStream {
  private devices: DemoDevice[] = [];
  private portal: SimulatedOemPortal | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private sending: Promise<void> = Promise.resolve();
  /** The operator app posting through the JSON ingest. */
  private app: DemoApp | null = null;
  /** The machine trackers' open connections, by IMEI. */
  private readonly links = new Map<string, TeltonikaConnection>();
  private readonly now: () => number;

  constructor(private readonly options: DemoStreamOptions) {
    this.now = options.now ?? Date.now;
  }

  /** When a machine stands still from: back from its hire, or the demo's idle one on hire. */
  private parkedFrom(row: MachineRow): number | undefined {
    if (row.asset_id === DEMO_HIRE_STORIES.idleOnHire) return this.now() - DEMO_IDLE_DAYS * DAY_MS;
    if (row.asset_id === DEMO_HIRE_STORIES.notReturned) return undefined;
    return row.back_ms === null ? undefined : Number(row.back_ms);
  }

  /** Backfills every device and the OEM feed, then streams each minute; resolves when backfilled. */
  async start(): Promise<void> {
    const rows = await demoMachineRows(this.options.db);
    const random = seededRandom(SEED);
    const earliest = this.now() - this.options.historyDays * DAY_MS;
    const simOf = (row: MachineRow, i: number, identity: string): SimMachine => {
      const site = {
        latitude: row.latitude ?? 51.5 + random() * 0.1,
        longitude: row.longitude ?? -0.2 + random() * 0.2,
      };
      return {
        imei: identity,
        ...kindOf(row.category),
        site,
        tip: { latitude: site.latitude + 0.0054, longitude: site.longitude },
        worksSaturday: i % 4 === 1,
        lateFinish: i % 5 === 2,
        dropsOut: false,
        robbed: i % 11 === 5,
        operatorKey:
          i % 3 === 0 ? DEMO_OPERATOR_KEYS[(i / 3) % DEMO_OPERATOR_KEYS.length]?.key : undefined,
        // One tracker sits in a steel container yard: a weak modem signal.
        gsmLevel: i === 13 ? 1 : 3 + (i % 3),
        parkedFromMs: this.parkedFrom(row),
      };
    };
    const oemMachines: (OemSimMachine & { organisationId: string })[] = [];
    rows.forEach((row, i) => {
      if (row.code && (row.type === 'TELTONIKA' || (row.type === 'LORA' && this.options.http))) {
        this.devices.push({
          unit: row.type,
          code: row.code,
          timeZone: row.timezone,
          lastSentMs: Math.max(row.last_ms ?? 0, earliest),
          sim: simOf(row, i, planIdentity(row.code)),
        });
      } else if (!row.code && row.pin) {
        oemMachines.push({
          organisationId: row.organisation_id,
          sim: simOf(row, i, String(40_000_000 + i).padStart(15, '0')),
          header: {
            oemName: row.oem ?? 'OEM',
            model: row.model,
            serialNumber: row.serial_number ?? row.pin,
            pin: row.pin,
            equipmentId: `EQ-${row.pin}`,
          },
          base: {
            operatingHoursH: 800 + i * 37,
            idleHoursH: 150 + i * 9,
            fuelUsedL: 4000 + i * 250,
          },
        });
      }
    });
    const trackers = await this.options.db.query<{
      code: string;
      timezone: string;
      last_ms: number | null;
    }>(
      `SELECT s.code, o.timezone,
              extract(epoch FROM (SELECT max(device_time) FROM telemetry_record r WHERE r.source_id = s.id)) * 1000 AS last_ms
         FROM source s JOIN equipment_asset a ON a.id = s.equipment_asset_id
         JOIN organisation o ON o.id = a.organisation_id
        WHERE s.type = 'TELTONIKA' AND s.code = ANY($1::text[]) ORDER BY s.code`,
      [DEMO_ASSETS.map((asset) => asset.code)],
    );
    for (const tracker of trackers) {
      this.devices.push({
        unit: 'ASSET',
        code: tracker.code,
        timeZone: tracker.timezone,
        lastSentMs: Math.max(Number(tracker.last_ms ?? 0), earliest),
        sim: null,
        asset: DEMO_ASSETS.find((asset) => asset.code === tracker.code),
      });
    }
    // The sensors' radio, in code order, fixed from this start on.
    const startedMs = this.now();
    this.devices
      .filter((device) => device.unit === 'LORA')
      .forEach((device, index) => {
        device.radio = {
          links: demoRadioLinks(index, startedMs),
          batteryMv: demoBatteryMv(index, startedMs),
        };
      });
    if (this.options.http)
      this.app = await DemoApp.start(this.options.db, this.options.http.baseUrl);
    const oemFeeds = this.options.oemFeeds;
    // The feed's hourly polls wait on HTTP between commits: they run beside the devices' catch-up.
    await Promise.all([
      this.send(true).then((total) =>
        this.options.log.info(
          { devices: this.devices.length, records: total },
          'demo trackers and sensors caught up',
        ),
      ),
      oemMachines.length > 0 && oemFeeds
        ? this.startOemFeed(oemMachines, oemFeeds, rows[0]?.timezone ?? 'UTC')
        : undefined,
    ]);
    this.timer = setInterval(() => {
      this.sending = this.sending.then(() => this.send().then(() => undefined));
    }, 60_000);
  }

  /**
   * A machine tracker keeps its connection open between sends, as FMB devices do with an open link
   * timeout, and answers the commands staff send it; a broken link is dialled again next time.
   */
  private async sendOverOpenLink(
    code: string,
    records: AvlRecordInput[],
    recordsPerPacket: number,
  ): Promise<void> {
    let link = this.links.get(code);
    if (!link || link.closed) {
      const startedMs = Date.now();
      link = await connectDevice(this.options.target, code, (command) =>
        trackerReply(code, command, startedMs),
      );
      this.links.set(code, link);
    }
    try {
      await sendPackets(link, records, recordsPerPacket);
    } catch (error) {
      link.close();
      this.links.delete(code);
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sending;
    for (const link of this.links.values()) link.close();
    this.links.clear();
    await this.portal?.close();
  }

  /**
   * Serves the OEM machines' feed, points the demo feed row at it, and polls it once per simulated
   * hour through the history: a snapshot shows only the moment it is read.
   */
  private async startOemFeed(
    machines: (OemSimMachine & { organisationId: string })[],
    poller: OemFeedPoller,
    timeZone: string,
  ): Promise<void> {
    const password = randomBytes(16).toString('hex');
    const nowMs = this.now();
    const firstMs = nowMs - this.options.historyDays * DAY_MS;
    this.portal = await SimulatedOemPortal.start(machines, {
      firstDay: zonedDate(new Date(firstMs - DAY_MS), timeZone),
      timeZone,
      seed: SEED,
      auth: { kind: 'basic', username: 'demo', password },
    });
    const db = this.options.db;
    const values = [
      machines[0]?.organisationId ?? null,
      this.portal.feed.fleetUrl,
      password,
      DEMO_FEED_INTERVAL_S,
      DEMO_FEED_NAME,
    ];
    const [existing] = await db.query<{ id: string; last_success_at: Date | null }>(
      `UPDATE oem_feed SET organisation_id = $1, base_url = $2, secret = $3, interval_s = $4,
              enabled = true
        WHERE name = $5 RETURNING id, last_success_at`,
      values,
    );
    const feedId =
      existing?.id ??
      (
        await db.query<{ id: string }>(
          `INSERT INTO oem_feed (organisation_id, base_url, secret, interval_s, name, source_type,
             format, auth, username)
           VALUES ($1, $2, $3, $4, $5, 'DEMO_OEM', 'xml', 'basic', 'demo') RETURNING id`,
          values,
        )
      )[0]?.id;
    if (!feedId) return;
    // The demo's OEM portal is served by this process on loopback.
    poller.trust(feedId);
    const fromMs = Math.max(existing?.last_success_at?.getTime() ?? 0, firstMs);
    for (
      let t = Math.ceil(fromMs / OEM_REPORT_MS) * OEM_REPORT_MS;
      t <= nowMs;
      t += OEM_REPORT_MS
    ) {
      this.portal.clockMs = t;
      const result = await poller.poll(feedId);
      if (result?.error) this.options.log.error({ error: result.error }, 'demo OEM feed failed');
    }
    this.portal.clockMs = null;
    this.options.log.info({ machines: machines.length }, 'demo OEM feed caught up');
  }

  /** Each device's planned records after its last sent one, up to now; returns how many were sent. */
  private async send(catchingUp = false): Promise<number> {
    const nowMs = this.now();
    let sent = 0;
    // A sensor's live uplinks are one request each, its longest chains: started first, they run
    // beside the trackers instead of trailing after them.
    const queue = [...this.devices].sort(
      (a, b) => Number(b.unit === 'LORA') - Number(a.unit === 'LORA'),
    );
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        try {
          // Counted after the await: `sent += await …` would add to the figure read before it.
          const count = await this.sendDue(device, nowMs, catchingUp);
          sent += count;
        } catch (error) {
          this.options.log.error({ err: error, code: device.code }, 'demo device could not send');
        }
      }
    };
    await Promise.all(Array.from({ length: DEVICES_AT_ONCE }, worker));
    await this.app?.post(nowMs).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'demo app could not post');
    });
    return sent;
  }

  private async sendDue(device: DemoDevice, nowMs: number, catchingUp: boolean): Promise<number> {
    if (device.asset) {
      const records = demoAssetRecords(device.asset, device.lastSentMs, nowMs);
      if (records.length > 0) await sendOverTcp(this.options.target, device.code, records);
      device.lastSentMs = records.at(-1)?.timestampMs ?? device.lastSentMs;
      return records.length;
    }
    if (!device.sim) return 0;
    const days: string[] = [];
    const lastDay = zonedDate(new Date(nowMs), device.timeZone);
    for (
      let day = zonedDate(new Date(device.lastSentMs), device.timeZone);
      day <= lastDay;
      day = nextDate(day)
    ) {
      days.push(day);
    }
    const sim = device.sim;
    const plan = planMachine(sim, days, device.timeZone, SEED);
    const random = seededRandom(device.lastSentMs);
    const due = (t: number) => t > device.lastSentMs && t <= nowMs;
    let lastMs: number | undefined;
    let count = 0;
    const http = this.options.http;
    if (device.unit === 'LORA' && http) {
      const uplinks = uplinksFor(plan, random, device.radio?.batteryMv).filter((u) =>
        due(u.timeMs),
      );
      const store = catchingUp ? this.options.storeUplinks : undefined;
      if (store) {
        const bodies = heardUplinkBodies('tts', device.code, uplinks, device.radio?.links);
        for (let i = 0; i < bodies.length; i += CATCH_UP_UPLINKS_PER_BATCH)
          await store(bodies.slice(i, i + CATCH_UP_UPLINKS_PER_BATCH));
      } else {
        await sendUplinks(
          { baseUrl: http.baseUrl, token: http.ttsToken },
          'tts',
          device.code,
          uplinks,
          device.radio?.links,
        );
      }
      lastMs = uplinks[uplinks.length - 1]?.timeMs;
      count = uplinks.length;
    } else {
      const records = recordsFor(sim, plan, random).filter((r) => due(r.timestampMs));
      if (records.length > 0)
        await this.sendOverOpenLink(
          device.code,
          records,
          catchingUp ? CATCH_UP_RECORDS_PER_PACKET : 25,
        );
      lastMs = records[records.length - 1]?.timestampMs;
      count = records.length;
    }
    device.lastSentMs = lastMs ?? device.lastSentMs;
    return count;
  }
}
