// Radio coverage: which gateways heard which sensors over a range and how well, from the hourly
// reception sums (gateway_source_hour), to place a new gateway or explain a silent sensor.
// searchType `sensor` starts from sensors (every gateway that heard them), `gateway` from gateways
// (every sensor they heard); with none named, every one.
import {
  DAYS_RANGE_MAX,
  type CoverageQuery,
  type CoverageReply,
} from '../../../src/domain/api/admin.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';

/** The most gateway–sensor pairs one answer holds. */
export const COVERAGE_MAX_LINKS = 5000;
const DAY_MS = 86_400_000;

const listOf = (text: string | undefined, field: string, pattern: RegExp): string[] => {
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
  const bad = items.find((item) => !pattern.test(item));
  if (bad) throw badRequest(field, `${field}: ${bad} is not a 16-digit hexadecimal EUI`);
  return items;
};
const EUI = /^[0-9A-F]{16}$/;

export async function coverage(db: Queryable, query: CoverageQuery): Promise<CoverageReply> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw badRequest('to', 'to must be after from');
  if (to.getTime() - from.getTime() > DAYS_RANGE_MAX * DAY_MS)
    throw badRequest('to', `a range may span at most ${DAYS_RANGE_MAX} days`);
  const sensors = listOf(query.sensors, 'sensors', EUI);
  const gateways = listOf(query.gateways, 'gateways', EUI);
  // The named side narrows; the other side is whatever heard or was heard.
  const bySensor = query.searchType === 'sensor';
  const links = await db.query<{
    gateway_id: string;
    source_id: string;
    uplinks: number;
    rssi_avg: number;
    snr_avg: number;
    rssi_best: number | null;
    last_heard_at: Date;
  }>(
    `SELECT h.gateway_id, h.source_id, sum(h.uplinks)::int AS uplinks,
            sum(h.rssi_sum) / sum(h.uplinks) AS rssi_avg, sum(h.snr_sum) / sum(h.uplinks) AS snr_avg,
            max(h.rssi_best_dbm) AS rssi_best, max(h.last_heard_at) AS last_heard_at
       FROM gateway_source_hour h
       JOIN gateway g ON g.id = h.gateway_id JOIN source s ON s.id = h.source_id
      WHERE h.hour >= date_trunc('hour', $1::timestamptz) AND h.hour < $2
        AND (cardinality($3::text[]) = 0 OR upper(s.code) = ANY($3::text[]))
        AND (cardinality($4::text[]) = 0 OR g.eui = ANY($4::text[]))
      GROUP BY h.gateway_id, h.source_id
      ORDER BY sum(h.uplinks) DESC LIMIT $5`,
    [from, to, bySensor ? sensors : [], bySensor ? [] : gateways, COVERAGE_MAX_LINKS],
  );
  const gatewayIds = [...new Set(links.map((link) => link.gateway_id))];
  const sourceIds = [...new Set(links.map((link) => link.source_id))];
  // The named ones are shown even when nothing was heard: that is the answer to "why silent".
  const [gatewayRows, sensorRows] = await Promise.all([
    db.query<{
      id: string;
      eui: string;
      name: string | null;
      organisation_name: string | null;
      latitude: number | null;
      longitude: number | null;
      last_uplink_at: Date | null;
    }>(
      `SELECT g.id, g.eui, g.name, o.name AS organisation_name,
              coalesce(g.latitude, g.reported_latitude) AS latitude,
              coalesce(g.longitude, g.reported_longitude) AS longitude, g.last_uplink_at
         FROM gateway g LEFT JOIN organisation o ON o.id = g.organisation_id
        WHERE g.id = ANY($1::uuid[]) OR g.eui = ANY($2::text[]) ORDER BY g.eui`,
      [gatewayIds, bySensor ? [] : gateways],
    ),
    db.query<{
      id: string;
      code: string;
      machine_name: string | null;
      latitude: number | null;
      longitude: number | null;
      last_seen_at: Date | null;
    }>(
      // A sensor has no GPS of its own: it is where its machine's tracker last placed it, or
      // without a tracker at the machine's site.
      `SELECT s.id, s.code, m.name AS machine_name,
              coalesce(s.last_latitude, place.last_latitude, st.latitude) AS latitude,
              coalesce(s.last_longitude, place.last_longitude, st.longitude) AS longitude,
              s.last_seen_at
         FROM source s LEFT JOIN machine m ON m.id = s.machine_id
         LEFT JOIN site st ON st.id = m.site_id
         LEFT JOIN LATERAL (
           SELECT o.last_latitude, o.last_longitude FROM source o
            WHERE o.machine_id = s.machine_id AND o.last_position_at IS NOT NULL
            ORDER BY o.last_position_at DESC LIMIT 1) place ON true
        WHERE s.id = ANY($1::uuid[]) OR (s.type = 'LORA' AND upper(s.code) = ANY($2::text[]))
        ORDER BY s.code`,
      [sourceIds, bySensor ? sensors : []],
    ),
  ]);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    gateways: gatewayRows.map((row) => ({
      id: row.id,
      eui: row.eui,
      name: row.name,
      organisationName: row.organisation_name,
      latitude: row.latitude,
      longitude: row.longitude,
      lastUplinkAt: iso(row.last_uplink_at),
    })),
    sensors: sensorRows.map((row) => ({
      id: row.id,
      code: row.code,
      machineName: row.machine_name,
      latitude: row.latitude,
      longitude: row.longitude,
      lastSeenAt: iso(row.last_seen_at),
    })),
    links: links.map((link) => ({
      gatewayId: link.gateway_id,
      sensorId: link.source_id,
      uplinks: link.uplinks,
      rssiAvgDbm: Number(link.rssi_avg),
      snrAvgDb: Number(link.snr_avg),
      rssiBestDbm: link.rssi_best,
      lastHeardAt: link.last_heard_at.toISOString(),
    })),
  };
}
