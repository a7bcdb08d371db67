// Storing decoded LoRaWAN uplinks: their records through the ingest, then the gateways that heard
// them. The webhooks store one uplink per request; the demo's catch-up stores its history in batches.
import type { Database } from '../../db/database.ts';
import type { LoraUplink } from '../../telemetry/adapters/lorawan.ts';
import type { Ingest, IngestResult } from '../../telemetry/ingest.ts';
import { recordReceptions } from '../gateways/index.ts';

export async function storeUplinks(
  db: Database,
  ingest: Ingest,
  uplinks: LoraUplink[],
): Promise<IngestResult> {
  const result = await ingest(uplinks.map((uplink) => uplink.record));
  // Receptions are kept once their records are stored.
  await recordReceptions(db, uplinks);
  return result;
}
