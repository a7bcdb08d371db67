// LoRaWAN activity sensors end to end: simulated uplinks posted through the real The Things Stack
// and ChirpStack webhooks into the store and the engine; daily hours compared with the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedFleet } from '../../server/telemetry/simulator/fleet.ts';
import {
  devEuiFor,
  LORA_REPORT_S,
  sendUplinks,
  uplinksFor,
} from '../../server/telemetry/simulator/loraDevice.ts';
import { planMachine } from '../../server/telemetry/simulator/plan.ts';
import { seededRandom } from '../../server/telemetry/simulator/random.ts';
import { truthFor } from '../../server/telemetry/simulator/truth.ts';
import { testDatabases } from '../support/databases.ts';
import { daysOfMachine } from '../support/rollups.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

const TIME_ZONE = 'Europe/London';
// Saturday to Monday across Sunday 25 October 2026, when the clocks go back: a 25-hour day.
const DAYS = ['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26'];
const TOKENS = { tts: 'tts-webhook-token-0001', chirpstack: 'chirpstack-token-0001' };

describe.each(testDatabases)('LoRaWAN sensors on $kind', { timeout: 300_000 }, (database) => {
  let server: TestServer;
  const fleet = simulatedFleet(3, 11).map((sim, i) => ({
    sim,
    devEui: devEuiFor(sim.imei),
    network: i % 2 === 0 ? ('tts' as const) : ('chirpstack' as const),
    plan: planMachine(sim, DAYS, TIME_ZONE, 11),
  }));

  beforeAll(async () => {
    server = await startTestServer(database, {
      seed: false,
      env: { LORAWAN_TTS_TOKEN: TOKENS.tts, LORAWAN_CHIRPSTACK_TOKEN: TOKENS.chirpstack },
    });
    const [org] = await server.db.query<{ id: string }>(
      `INSERT INTO organisation (name, type, timezone) VALUES ('Sensor Hire', 'rental', $1) RETURNING id`,
      [TIME_ZONE],
    );
    for (const [i, machine] of fleet.entries()) {
      await server.db.query(
        `WITH m AS (INSERT INTO machine (organisation_id, name, category)
                    VALUES ($1, $2, 'Lighting') RETURNING id)
         INSERT INTO source (type, code, machine_id, expected_interval_s, expected_interval_off_s)
         SELECT 'LORA', $3, id, $4, $4 FROM m`,
        [org?.id ?? null, `Tower ${i + 1}`, machine.devEui, LORA_REPORT_S],
      );
    }
    await Promise.all(
      fleet.map((machine) =>
        sendUplinks(
          { baseUrl: server.url, token: TOKENS[machine.network] },
          machine.network,
          machine.devEui,
          uplinksFor(machine.plan, seededRandom(5)),
        ),
      ),
    );
    await server.rollups.drain();
  }, 300_000);
  afterAll(() => server?.close());

  it('finds each day’s active, idle and off hours within 1% or one uplink interval', async () => {
    for (const [i, machine] of fleet.entries()) {
      const rows = await daysOfMachine(server.db, `Tower ${i + 1}`);
      const truth = truthFor(machine.sim, machine.plan, TIME_ZONE);
      expect(rows.map((r) => r.day)).toEqual(DAYS);
      for (const row of rows) {
        const expected = truth.find((t) => t.day === row.day);
        const label = `Tower ${i + 1} on ${row.day}`;
        const within = (found: number, wanted: number) =>
          expect(Math.abs(found - wanted), `${label}: ${found} vs ${wanted}`).toBeLessThanOrEqual(
            Math.max(wanted * 0.01, LORA_REPORT_S),
          );
        within(row.active_s, expected?.activeS ?? 0);
        within(row.idle_s, expected?.idleS ?? 0);
        within(row.off_s, expected?.offS ?? 0);
        within(row.missing_s, expected?.missingS ?? 0);
      }
    }
  });
});
