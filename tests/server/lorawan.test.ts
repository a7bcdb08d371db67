// LoRaWAN webhooks: The Things Stack uplinks and ChirpStack events into the store.
import { expect, it } from 'vitest';
import { describeServer } from '../support/describeServer.ts';

const TTS_TOKEN = 'tts-webhook-token-0123456789';
const CHIRPSTACK_TOKEN = 'chirpstack-token-0123456789';

/** Our activity-sensor payload: version 1, level 72, 3.612 V, 18.25 °C. */
const RAW_PAYLOAD = Buffer.from([0x01, 72, 0x0e, 0x1c, 0x07, 0x21]).toString('base64');

const ttsUplink = (devEui: string, time: string, extra: Record<string, unknown>) => ({
  end_device_ids: {
    device_id: 'sensor-1',
    dev_eui: devEui,
    application_ids: { application_id: 'fleet' },
  },
  received_at: time,
  uplink_message: { f_port: 1, received_at: time, ...extra },
});

describeServer(
  'LoRaWAN',
  {
    env: { LORAWAN_TTS_TOKEN: TTS_TOKEN, LORAWAN_CHIRPSTACK_TOKEN: CHIRPSTACK_TOKEN },
    seed: false,
  },
  (fixture) => {
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${fixture.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then(async (reply) => ({
        status: reply.status,
        body: (await reply.json()) as Record<string, unknown>,
      }));
    const levels = (devEui: string) =>
      fixture.server.db.query<{
        activity_level: number;
        battery_v: number | null;
        temperature_c: number | null;
      }>(
        `SELECT r.activity_level, r.battery_v, r.temperature_c FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.type = 'LORA' AND s.code = $1 ORDER BY r.device_time`,
        [devEui],
      );

    it("takes The Things Stack's decoded payload, or decodes the activity-sensor payload itself", async () => {
      const decoded = ttsUplink('70b3d57ed0000001', '2026-11-20T08:00:00Z', {
        decoded_payload: { activity: 55, battery: 3.6, temperature: 12.5 },
      });
      expect(await post('/v1/ingest/lorawan/tts', TTS_TOKEN, decoded)).toMatchObject({
        status: 200,
        body: { stored: 1 },
      });
      const raw = ttsUplink('70B3D57ED0000001', '2026-11-20T08:05:00Z', {
        frm_payload: RAW_PAYLOAD,
      });
      expect((await post('/v1/ingest/lorawan/tts', TTS_TOKEN, raw)).status).toBe(200);
      expect(await levels('70B3D57ED0000001')).toEqual([
        { activity_level: 55, battery_v: 3.6, temperature_c: 12.5 },
        { activity_level: 72, battery_v: 3.612, temperature_c: 18.25 },
      ]);
    });

    it('stores ChirpStack up events and acknowledges the other events', async () => {
      const up = {
        time: '2026-11-20T09:00:00Z',
        deviceInfo: { devEui: '0101010101010101' },
        fPort: 1,
        data: RAW_PAYLOAD,
      };
      expect(
        await post('/v1/ingest/lorawan/chirpstack?event=up', CHIRPSTACK_TOKEN, up),
      ).toMatchObject({
        status: 200,
        body: { stored: 1 },
      });
      const join = {
        time: '2026-11-20T09:01:00Z',
        deviceInfo: { devEui: '0101010101010101' },
        devAddr: '00000001',
      };
      expect(
        await post('/v1/ingest/lorawan/chirpstack?event=join', CHIRPSTACK_TOKEN, join),
      ).toMatchObject({
        status: 200,
        body: { stored: 0 },
      });
      expect((await levels('0101010101010101')).map((r) => r.activity_level)).toEqual([72]);
    });

    it('refuses a wrong token and names the field of a malformed message', async () => {
      expect((await post('/v1/ingest/lorawan/tts', 'wrong-token-wrong-token', {})).status).toBe(
        401,
      );
      const bad = ttsUplink('not-a-dev-eui', '2026-11-20T08:00:00Z', { frm_payload: RAW_PAYLOAD });
      expect(await post('/v1/ingest/lorawan/tts', TTS_TOKEN, bad)).toMatchObject({
        status: 400,
        body: { field: 'end_device_ids.dev_eui' },
      });
      const garbled = ttsUplink('70B3D57ED0000009', '2026-11-20T08:00:00Z', {
        frm_payload: 'AAAA',
      });
      expect(await post('/v1/ingest/lorawan/tts', TTS_TOKEN, garbled)).toMatchObject({
        status: 400,
        body: { field: 'payload' },
      });
    });
  },
);
