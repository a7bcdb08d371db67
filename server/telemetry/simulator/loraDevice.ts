// A simulated LoRaWAN activity sensor: an uplink every ten minutes and at every change of state,
// in the activity-sensor format of docs/devices.md, posted as The Things Stack or ChirpStack would,
// with the reception metadata of the gateways that heard it.
import type { MachinePlan } from './plan.ts';
import type { Random } from './random.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const LORA_REPORT_S = 600;

export type LoraNetwork = 'tts' | 'chirpstack';

export interface LoraUplink {
  timeMs: number;
  /** The frame counter: it counts every uplink sent, heard or not, so lost ones leave a gap. */
  fCnt: number;
  activityLevel: number;
  batteryMv: number;
  temperatureCentiC: number;
}

/** Vibration levels a sensor on a working, idling or stopped machine reads. */
function levelFor(state: string, random: Random): number {
  if (state === 'active') return 45 + Math.floor(random() * 50);
  if (state === 'idle') return 8 + Math.floor(random() * 15);
  return Math.floor(random() * 3);
}

/** A gateway that hears the sensor, how well, and when it hears nothing (its power failed). */
export interface RadioLink {
  eui: string;
  networkId: string;
  latitude: number;
  longitude: number;
  rssiDbm: number;
  snrDb: number;
  /** The [from, to) spans in ms when it hears nothing. */
  silent: [number, number][];
}

const freshBattery = (random: Random) => () => 3600 - Math.floor(random() * 20);

export function uplinksFor(
  plan: MachinePlan,
  random: Random,
  batteryMv: (timeMs: number) => number = freshBattery(random),
): LoraUplink[] {
  const uplinks: LoraUplink[] = [];
  let fCnt = 0;
  for (const interval of plan.timeline) {
    // Sent while nobody heard: counted by the sensor, lost to the network.
    if (interval.state === 'missing') {
      fCnt += Math.ceil((interval.toMs - interval.fromMs) / (LORA_REPORT_S * 1000));
      continue;
    }
    for (let t = interval.fromMs; t < interval.toMs; t += LORA_REPORT_S * 1000) {
      uplinks.push({
        timeMs: t,
        fCnt: fCnt++,
        activityLevel: levelFor(interval.state, random),
        batteryMv: batteryMv(t),
        temperatureCentiC: 800 + Math.floor(random() * 600),
      });
    }
  }
  return uplinks;
}

/** The 6-byte activity-sensor payload. */
export function encodeActivityPayload(uplink: LoraUplink): Buffer {
  const bytes = Buffer.alloc(6);
  bytes[0] = 1;
  bytes[1] = uplink.activityLevel;
  bytes.writeUInt16BE(uplink.batteryMv, 2);
  bytes.writeInt16BE(uplink.temperatureCentiC, 4);
  return bytes;
}

/** The links that heard an uplink, its RSSI wandering by up to 2 dB from one uplink to the next. */
function hearing(links: RadioLink[], timeMs: number) {
  const wander = ((timeMs / 600_000) % 5) - 2;
  return links
    .filter((link) => link.silent.every(([from, to]) => timeMs < from || timeMs >= to))
    .map((link) => ({ ...link, rssiDbm: Math.round(link.rssiDbm + wander), snrDb: link.snrDb }));
}

/** The webhook body the network server posts for one uplink, without a decoded payload. */
export function uplinkBody(
  network: LoraNetwork,
  devEui: string,
  uplink: LoraUplink,
  links: RadioLink[] = [],
): object {
  const payload = encodeActivityPayload(uplink).toString('base64');
  const time = new Date(uplink.timeMs).toISOString();
  const heard = hearing(links, uplink.timeMs);
  if (network === 'tts') {
    return {
      end_device_ids: { device_id: `sensor-${devEui.toLowerCase()}`, dev_eui: devEui },
      received_at: time,
      uplink_message: {
        f_port: 1,
        f_cnt: uplink.fCnt,
        frm_payload: payload,
        received_at: time,
        rx_metadata: heard.map((link) => ({
          gateway_ids: { gateway_id: link.networkId, eui: link.eui },
          time,
          rssi: link.rssiDbm,
          channel_rssi: link.rssiDbm,
          snr: link.snrDb,
          location: {
            latitude: link.latitude,
            longitude: link.longitude,
            source: 'SOURCE_REGISTRY',
          },
        })),
      },
    };
  }
  return {
    deduplicationId: `${devEui}-${uplink.timeMs}`,
    time,
    deviceInfo: { devEui: devEui.toLowerCase(), deviceName: `sensor-${devEui}` },
    fPort: 1,
    fCnt: uplink.fCnt,
    data: payload,
    rxInfo: heard.map((link) => ({
      gatewayId: link.eui.toLowerCase(),
      rssi: link.rssiDbm,
      snr: link.snrDb,
      location: { latitude: link.latitude, longitude: link.longitude },
    })),
  };
}

/**
 * The webhook bodies of the uplinks a gateway heard: an uplink no gateway heard never reaches the
 * network server, lost, as its counter shows.
 */
export function heardUplinkBodies(
  network: LoraNetwork,
  devEui: string,
  uplinks: LoraUplink[],
  links: RadioLink[] = [],
): object[] {
  return uplinks
    .filter((uplink) => links.length === 0 || hearing(links, uplink.timeMs).length > 0)
    .map((uplink) => uplinkBody(network, devEui, uplink, links));
}

/** Posts each uplink in turn, as the network server does, and waits for each 200. */
export async function sendUplinks(
  target: { baseUrl: string; token: string },
  network: LoraNetwork,
  devEui: string,
  uplinks: LoraUplink[],
  links: RadioLink[] = [],
): Promise<void> {
  const path =
    network === 'tts'
      ? endpoints.ingest.lorawanTts
      : `${endpoints.ingest.lorawanChirpstack}?event=up`;
  for (const body of heardUplinkBodies(network, devEui, uplinks, links)) {
    const response = await fetch(`${target.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`the server answered ${response.status} to an uplink of ${devEui}`);
    }
  }
}

/** A DevEUI for a simulated machine, from its identity number. */
export const devEuiFor = (imei: string) => `70B3D5E75E${imei.slice(-6)}`.toUpperCase();
