// Gateways learned from what the network servers report: each uplink's receptions create a gateway
// seen for the first time (unregistered, for staff), move its last uplink forward, and are kept per
// uplink and summed per hour for the screens.
import type { Database } from '../../db/database.ts';
import type { GatewayReception } from '../../telemetry/adapters/lorawan.ts';
import type { TelemetryRecord } from '../../telemetry/record.ts';
import { recordInvalidReason } from '../../telemetry/validity.ts';

export interface HeardUplink {
  record: TelemetryRecord;
  receptions: GatewayReception[];
}

interface SeenGateway {
  eui: string;
  networkId: string | null;
  latitude: number | null;
  longitude: number | null;
  firstMs: number;
  lastMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Call after the uplinks' records are stored, so their sources exist. Idempotent: a webhook sent
 * again adds no reception and counts none twice. An uplink whose record has an impossible time
 * (in the future, before 2000) tells nothing about when the gateway was last heard.
 */
export async function recordReceptions(db: Database, uplinks: HeardUplink[]): Promise<void> {
  const nowMs = Date.now();
  const usable = uplinks.filter(
    (uplink) => uplink.receptions.length > 0 && recordInvalidReason(uplink.record, nowMs) === null,
  );
  if (usable.length === 0) return;
  const gateways = new Map<string, SeenGateway>();
  const rows: {
    eui: string;
    type: string;
    code: string;
    ms: number;
    rssi: number;
    snr: number | null;
  }[] = [];
  for (const { record, receptions } of usable) {
    for (const reception of receptions) {
      const seen = gateways.get(reception.eui);
      const ms = record.deviceTimeMs;
      if (!seen) {
        gateways.set(reception.eui, { ...reception, firstMs: ms, lastMs: ms });
      } else {
        seen.firstMs = Math.min(seen.firstMs, ms);
        if (ms >= seen.lastMs) {
          seen.lastMs = ms;
          seen.networkId = reception.networkId ?? seen.networkId;
          seen.latitude = reception.latitude ?? seen.latitude;
          seen.longitude = reception.longitude ?? seen.longitude;
        }
      }
      rows.push({
        eui: reception.eui,
        type: record.sourceType,
        code: record.sourceCode,
        ms,
        rssi: reception.rssiDbm,
        snr: reception.snrDb,
      });
    }
  }
  const list = [...gateways.values()];
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO gateway AS g (eui, network_id, reported_latitude, reported_longitude, first_seen_at, last_uplink_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::timestamptz[], $6::timestamptz[])
       ON CONFLICT (eui) DO UPDATE SET
         network_id = coalesce(EXCLUDED.network_id, g.network_id),
         reported_latitude = coalesce(EXCLUDED.reported_latitude, g.reported_latitude),
         reported_longitude = coalesce(EXCLUDED.reported_longitude, g.reported_longitude),
         first_seen_at = least(g.first_seen_at, EXCLUDED.first_seen_at),
         last_uplink_at = greatest(g.last_uplink_at, EXCLUDED.last_uplink_at)`,
      [
        list.map((g) => g.eui),
        list.map((g) => g.networkId),
        list.map((g) => g.latitude),
        list.map((g) => g.longitude),
        list.map((g) => iso(g.firstMs)),
        list.map((g) => iso(g.lastMs)),
      ],
    );
    // The hour sums grow only by the receptions this statement newly stored.
    await tx.query(
      `WITH fresh AS (
         INSERT INTO gateway_reception (gateway_id, source_id, device_time, rssi_dbm, snr_db)
         SELECT g.id, s.id, r.device_time, r.rssi, r.snr
           FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::float4[], $6::float4[])
                AS r(eui, type, code, device_time, rssi, snr)
           JOIN gateway g ON g.eui = r.eui
           JOIN source s ON s.type = r.type AND s.code = r.code
         ON CONFLICT DO NOTHING
         RETURNING gateway_id, source_id, device_time, rssi_dbm, snr_db)
       INSERT INTO gateway_source_hour AS h (gateway_id, source_id, hour, uplinks, rssi_sum, snr_sum,
                                             rssi_best_dbm, last_heard_at)
       SELECT gateway_id, source_id, date_trunc('hour', device_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
              count(*), sum(rssi_dbm), coalesce(sum(snr_db), 0), max(rssi_dbm), max(device_time)
         FROM fresh GROUP BY 1, 2, 3
       ON CONFLICT (gateway_id, hour, source_id) DO UPDATE SET
         uplinks = h.uplinks + EXCLUDED.uplinks,
         rssi_sum = h.rssi_sum + EXCLUDED.rssi_sum,
         snr_sum = h.snr_sum + EXCLUDED.snr_sum,
         rssi_best_dbm = greatest(h.rssi_best_dbm, EXCLUDED.rssi_best_dbm),
         last_heard_at = greatest(h.last_heard_at, EXCLUDED.last_heard_at)`,
      [
        rows.map((r) => r.eui),
        rows.map((r) => r.type),
        rows.map((r) => r.code),
        rows.map((r) => iso(r.ms)),
        rows.map((r) => r.rssi),
        rows.map((r) => r.snr),
      ],
    );
  });
}
