// Digital Matter's HTTP JSON connector: records stored before the 200, bad payloads refused by field.
import { expect, it } from 'vitest';
import { describeServer } from '../support/describeServer.ts';

const TOKEN = 'dm-connector-token-0123456789';

const DM_PAYLOAD = {
  SerNo: 4_412_345,
  IMEI: '354000000000123',
  ICCID: '8944500000000000000',
  ProdId: 77,
  FW: '77.3.2.1',
  Records: [
    {
      SeqNo: 101,
      Reason: 11,
      DateUTC: '2026-11-20 08:00:00',
      Fields: [
        {
          GpsUTC: '2026-11-20 07:59:58',
          Lat: 51.529,
          Long: -0.276,
          Alt: 40,
          Spd: 0,
          Head: 90,
          PDOP: 12,
          FType: 0,
        },
        { DIn: 1, DOut: 0, DevStat: 0, FType: 2 },
        { AnalogueData: { '1': 12_850, '3': 2_450 }, FType: 6 },
      ],
    },
    {
      SeqNo: 102,
      Reason: 11,
      DateUTC: '2026-11-20 08:05:00',
      Fields: [{ DIn: 0, DOut: 0, FType: 2 }],
    },
  ],
};

describeServer(
  'Digital Matter',
  { env: { DIGITALMATTER_TOKEN: TOKEN }, seed: false },
  (fixture) => {
    const post = (body: unknown, token = TOKEN) =>
      fetch(`${fixture.server.url}/v1/ingest/digitalmatter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then(async (reply) => ({
        status: reply.status,
        body: (await reply.json()) as Record<string, unknown>,
      }));

    it('stores the records, then answers 200; a resend stores nothing twice', async () => {
      expect(await post(DM_PAYLOAD)).toEqual({
        status: 200,
        body: { stored: 2, duplicates: 0, invalid: 0, quarantined: 0, refused: [], setAside: [] },
      });
      expect((await post(DM_PAYLOAD)).body).toEqual({
        stored: 0,
        duplicates: 2,
        invalid: 0,
        quarantined: 0,
        refused: [],
        setAside: [],
      });
      const rows = await fixture.server.db.query<{
        ignition: boolean;
        latitude: number | null;
        io: Record<string, number>;
      }>(
        `SELECT r.ignition, r.latitude, r.io FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.type = 'DIGITALMATTER' AND s.code = '354000000000123' ORDER BY r.device_time`,
      );
      expect(rows.map((r) => r.ignition)).toEqual([true, false]);
      expect(rows[0]?.latitude).toBe(51.529);
      expect(rows[0]?.io).toEqual({ seqNo: 101, reason: 11, analogue1: 12_850, analogue3: 2_450 });
    });

    it('refuses a wrong token and names the field of a malformed payload', async () => {
      expect((await post(DM_PAYLOAD, 'wrong-token-wrong-token')).status).toBe(401);
      const bad = structuredClone(DM_PAYLOAD);
      (bad.Records[1] as { DateUTC: string }).DateUTC = 'yesterday';
      expect(await post(bad)).toMatchObject({ status: 400, body: { field: 'Records.1.DateUTC' } });
      expect(await post({ ...DM_PAYLOAD, IMEI: 'abc' })).toMatchObject({
        status: 400,
        body: { field: 'IMEI' },
      });
    });
  },
);
