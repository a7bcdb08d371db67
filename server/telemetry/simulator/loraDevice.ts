// A simulated LoRaWAN activity sensor: an uplink every ten minutes and at every change of state,
// in the activity-sensor format of docs/devices.md, posted as The Things Stack or ChirpStack would.
import type { MachinePlan } from './plan.ts';
import type { Random } from './random.ts';

export const LORA_REPORT_S = 600;

export type LoraNetwork = 'tts' | 'chirpstack';

export interface LoraUplink {
  timeMs: number;
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

export function uplinksFor(plan: MachinePlan, random: Random): LoraUplink[] {
  const uplinks: LoraUplink[] = [];
  for (const interval of plan.timeline) {
    if (interval.state === 'missing') continue;
    for (let t = interval.fromMs; t < interval.toMs; t += LORA_REPORT_S * 1000) {
      uplinks.push({
        timeMs: t,
        activityLevel: levelFor(interval.state, random),
        batteryMv: 3600 - Math.floor(random() * 20),
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

/** The webhook body the network server posts for one uplink, without a decoded payload. */
export function uplinkBody(network: LoraNetwork, devEui: string, uplink: LoraUplink): object {
  const payload = encodeActivityPayload(uplink).toString('base64');
  const time = new Date(uplink.timeMs).toISOString();
  if (network === 'tts') {
    return {
      end_device_ids: { device_id: `sensor-${devEui.toLowerCase()}`, dev_eui: devEui },
      received_at: time,
      uplink_message: { f_port: 1, frm_payload: payload, received_at: time },
    };
  }
  return {
    deduplicationId: `${devEui}-${uplink.timeMs}`,
    time,
    deviceInfo: { devEui: devEui.toLowerCase(), deviceName: `sensor-${devEui}` },
    fPort: 1,
    data: payload,
  };
}

/** Posts each uplink in turn, as the network server does, and waits for each 200. */
export async function sendUplinks(
  target: { baseUrl: string; token: string },
  network: LoraNetwork,
  devEui: string,
  uplinks: LoraUplink[],
): Promise<void> {
  const path =
    network === 'tts' ? '/v1/ingest/lorawan/tts' : '/v1/ingest/lorawan/chirpstack?event=up';
  for (const uplink of uplinks) {
    const response = await fetch(`${target.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(uplinkBody(network, devEui, uplink)),
    });
    if (!response.ok) {
      throw new Error(`the server answered ${response.status} to an uplink of ${devEui}`);
    }
  }
}

/** A DevEUI for a simulated machine, from its identity number. */
export const devEuiFor = (imei: string) => `70B3D5E75E${imei.slice(-6)}`.toUpperCase();
