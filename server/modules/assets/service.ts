// An organisation's equipment assets with where they went over a range of its days: read from
// their trackers' usable positions and its sites' geofences (travel.ts), never from the engine.
import {
  ASSET_KINDS,
  ASSET_NOT_SEEN_H,
  DEFAULT_ASSET_DAYS,
  MAX_ASSET_DAYS,
  type AssetDetailsReply,
  type AssetListFilter,
  type EquipmentAsset,
  type EquipmentOverviewReply,
} from '../../../src/domain/api/assets.ts';
import { addDays, nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { pageInMemory, type ListParams } from '../../simpleRest.ts';
import { routeMinSatellites, type Organisation } from '../../tenancy/organisation.ts';
import { sitesOfOrganisationAndHires } from '../sites/index.ts';
import { assetTravel, siteAt, type NamedSite, type TimedPosition, type Travel } from './travel.ts';

export interface AssetRange {
  startDate: string;
  endDate: string;
  fromMs: number;
  toMs: number;
}

/** The range of the organisation's days asked for: the last week by default, at most 92 days. */
export function assetRange(
  query: { startDate?: string; endDate?: string },
  timeZone: string,
): AssetRange {
  const today = zonedDate(new Date(), timeZone);
  const endDate =
    query.endDate ?? (query.startDate && query.startDate > today ? query.startDate : today);
  const startDate = query.startDate ?? addDays(endDate, 1 - DEFAULT_ASSET_DAYS);
  if (endDate < startDate) throw badRequest('endDate', 'endDate must not be before startDate');
  if (addDays(startDate, MAX_ASSET_DAYS - 1) < endDate) {
    throw badRequest('endDate', `at most ${MAX_ASSET_DAYS} days at a time`);
  }
  return {
    startDate,
    endDate,
    fromMs: startOfZonedDay(startDate, timeZone).getTime(),
    toMs: startOfZonedDay(nextDate(endDate), timeZone).getTime(),
  };
}

interface AssetRow {
  id: string;
  name: string;
  asset_number: string | null;
  kind: EquipmentAsset['kind'];
  home_site_id: string | null;
  home_site_name: string | null;
  note: string | null;
}

interface TrackerRow {
  id: string;
  type: string;
  code: string;
  equipment_asset_id: string;
  last_seen_at: Date | null;
  battery_v: number | null;
  battery_status: EquipmentAsset['trackers'][number]['batteryStatus'];
  last_latitude: number | null;
  last_longitude: number | null;
  last_position_at: Date | null;
}

interface PositionRow {
  asset_id: string;
  latitude: number;
  longitude: number;
  time_ms: string;
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** A record whose whole and position are valid, fixed by enough satellites ($n the minimum). */
const usablePosition = (minSatellitesParam: string) => `r.invalid_reason IS NULL
  AND r.position_invalid_reason IS NULL AND r.latitude IS NOT NULL AND r.longitude IS NOT NULL
  AND (r.satellites IS NULL OR r.satellites >= ${minSatellitesParam})`;

async function assetRows(db: Queryable, organisationId: string, id?: string) {
  const assets = await db.query<AssetRow>(
    `SELECT a.id, a.name, a.asset_number, a.kind, a.home_site_id, hs.name AS home_site_name, a.note
       FROM equipment_asset a LEFT JOIN site hs ON hs.id = a.home_site_id
      WHERE a.organisation_id = $1 ${id ? 'AND a.id = $2' : ''}
      ORDER BY lower(a.name), a.id`,
    id ? [organisationId, id] : [organisationId],
  );
  const trackers = await db.query<TrackerRow>(
    `SELECT id, type, code, equipment_asset_id, last_seen_at, battery_v, battery_status,
            last_latitude, last_longitude, last_position_at
       FROM source WHERE equipment_asset_id = ANY($1::uuid[]) ORDER BY code`,
    [assets.map((asset) => asset.id)],
  );
  return assets.map((asset) => ({
    asset,
    trackers: trackers.filter((tracker) => tracker.equipment_asset_id === asset.id),
  }));
}

/** Each asset's last usable position before the range, and its positions inside it. */
async function positionsOf(
  db: Queryable,
  organisationId: string,
  assetIds: string[],
  range: AssetRange,
): Promise<Map<string, { before: TimedPosition | null; positions: TimedPosition[] }>> {
  const minSatellites = await routeMinSatellites(db, organisationId);
  const from = new Date(range.fromMs);
  const [before, inside] = await Promise.all([
    db.query<PositionRow>(
      `SELECT s.equipment_asset_id AS asset_id, b.latitude, b.longitude, b.time_ms
         FROM source s CROSS JOIN LATERAL (
           SELECT r.latitude, r.longitude, (extract(epoch FROM r.device_time) * 1000)::bigint::text AS time_ms
             FROM telemetry_record r
            WHERE r.source_id = s.id AND r.device_time < $2 AND ${usablePosition('$3')}
            ORDER BY r.device_time DESC LIMIT 1) b
        WHERE s.equipment_asset_id = ANY($1::uuid[])`,
      [assetIds, from, minSatellites],
    ),
    db.query<PositionRow>(
      `SELECT s.equipment_asset_id AS asset_id, r.latitude, r.longitude,
              (extract(epoch FROM r.device_time) * 1000)::bigint::text AS time_ms
         FROM source s JOIN telemetry_record r ON r.source_id = s.id
        WHERE s.equipment_asset_id = ANY($1::uuid[]) AND r.device_time >= $2 AND r.device_time < $3
          AND ${usablePosition('$4')}
        ORDER BY r.device_time`,
      [assetIds, from, new Date(range.toMs), minSatellites],
    ),
  ]);
  const timed = (row: PositionRow): TimedPosition => ({
    latitude: row.latitude,
    longitude: row.longitude,
    atMs: Number(row.time_ms),
  });
  const byAsset = new Map(
    assetIds.map((id) => [
      id,
      { before: null as TimedPosition | null, positions: [] as TimedPosition[] },
    ]),
  );
  for (const row of before) {
    const entry = byAsset.get(row.asset_id);
    // An asset with two trackers stood where the later of their fixes says.
    if (entry && (!entry.before || entry.before.atMs < Number(row.time_ms)))
      entry.before = timed(row);
  }
  for (const row of inside) byAsset.get(row.asset_id)?.positions.push(timed(row));
  return byAsset;
}

async function namedSites(db: Queryable, organisationId: string): Promise<NamedSite[]> {
  const sites = await sitesOfOrganisationAndHires(db, organisationId);
  return sites.flatMap((site) =>
    site.geofence ? [{ id: site.id, name: site.name, geofence: site.geofence }] : [],
  );
}

function toAsset(
  { asset, trackers }: Awaited<ReturnType<typeof assetRows>>[number],
  travel: Travel,
): EquipmentAsset {
  const seen = trackers
    .map((tracker) => tracker.last_seen_at?.getTime() ?? null)
    .filter((ms): ms is number => ms !== null);
  return {
    id: asset.id,
    name: asset.name,
    assetNumber: asset.asset_number,
    kind: asset.kind,
    homeSiteId: asset.home_site_id,
    homeSiteName: asset.home_site_name,
    note: asset.note,
    trackers: trackers.map((tracker) => ({
      id: tracker.id,
      type: tracker.type,
      code: tracker.code,
      lastSeenAt: iso(tracker.last_seen_at?.getTime()),
      batteryV: tracker.battery_v === null ? null : Math.round(tracker.battery_v * 1000) / 1000,
      batteryStatus: tracker.battery_status,
    })),
    lastSeenAt: iso(seen.length > 0 ? Math.max(...seen) : null),
    position: travel.last
      ? {
          latitude: travel.last.latitude,
          longitude: travel.last.longitude,
          at: new Date(travel.last.atMs).toISOString(),
        }
      : null,
    siteId: travel.site?.id ?? null,
    siteName: travel.site?.name ?? null,
    daysOnSite: travel.daysOnSite,
    distanceM: travel.distanceM,
    visits: travel.visits.length,
  };
}

/** The assets (or the one with this id) with their travel over the range. */
async function assetsOverRange(
  db: Queryable,
  organisation: Organisation,
  range: AssetRange,
  id?: string,
) {
  const rows = await assetRows(db, organisation.id, id);
  const [sites, positions] = await Promise.all([
    namedSites(db, organisation.id),
    positionsOf(
      db,
      organisation.id,
      rows.map((row) => row.asset.id),
      range,
    ),
  ]);
  const nowMs = Date.now();
  return rows.map((row) => {
    const { before, positions: inside } = positions.get(row.asset.id) ?? {
      before: null,
      positions: [],
    };
    const travel = assetTravel({
      before,
      positions: inside,
      sites,
      fromMs: range.fromMs,
      toMs: range.toMs,
      nowMs,
      timeZone: organisation.timezone,
    });
    return { asset: toAsset(row, travel), travel, positions: inside };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's filter, checked field by field. */
export function readAssetFilter(filter: Record<string, unknown>): AssetListFilter {
  const { q, kind, siteId } = filter;
  if (q !== undefined && (typeof q !== 'string' || q.length > 100)) {
    throw badRequest('filter.q', 'q must be text of at most 100 characters');
  }
  if (kind !== undefined && !ASSET_KINDS.includes(kind as EquipmentAsset['kind'])) {
    throw badRequest('filter.kind', `kind must be one of ${ASSET_KINDS.join(', ')}`);
  }
  if (
    siteId !== undefined &&
    (typeof siteId !== 'string' || (siteId !== 'none' && !UUID.test(siteId)))
  ) {
    throw badRequest('filter.siteId', "siteId must be a site's id or 'none'");
  }
  return {
    q: q as string | undefined,
    kind: kind as AssetListFilter['kind'],
    siteId: siteId as string | undefined,
  };
}

export async function listAssets(
  db: Queryable,
  organisation: Organisation,
  filter: AssetListFilter,
  params: ListParams<string>,
  range: AssetRange,
): Promise<{ assets: EquipmentAsset[]; total: number }> {
  const needle = filter.q?.trim().toLowerCase() ?? '';
  const assets = (await assetsOverRange(db, organisation, range))
    .map(({ asset }) => asset)
    .filter(
      (asset) =>
        (!filter.kind || asset.kind === filter.kind) &&
        (!filter.siteId || (asset.siteId ?? 'none') === filter.siteId) &&
        (!needle ||
          [
            asset.name,
            asset.assetNumber,
            asset.siteName,
            asset.homeSiteName,
            ...asset.trackers.map((t) => t.code),
          ].some((text) => text?.toLowerCase().includes(needle))),
    );
  const { rows, total } = pageInMemory(
    assets,
    {
      name: (asset) => asset.name.toLowerCase(),
      lastSeenAt: (asset) => asset.lastSeenAt ?? '',
      siteName: (asset) => asset.siteName?.toLowerCase() ?? '\uffff',
      daysOnSite: (asset) => asset.daysOnSite,
      distanceM: (asset) => asset.distanceM,
    },
    params,
    'name',
    (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.id < b.id ? -1 : 1),
  );
  return { assets: rows, total };
}

export async function assetDetails(
  db: Queryable,
  organisation: Organisation,
  id: string,
  range: AssetRange,
): Promise<AssetDetailsReply> {
  const [found] = await assetsOverRange(db, organisation, range, id);
  if (!found) throw notFound('No such asset in this organisation');
  return {
    asset: found.asset,
    startDate: range.startDate,
    endDate: range.endDate,
    timezone: organisation.timezone,
    positions: found.positions.map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      at: new Date(p.atMs).toISOString(),
    })),
    visits: found.travel.visits.map((visit) => ({
      siteId: visit.site.id,
      siteName: visit.site.name,
      arrivedAt: iso(visit.arrivedAtMs),
      leftAt: iso(visit.leftAtMs),
      days: visit.days,
    })),
  };
}

/** Every asset where it is now, from its trackers' latest positions: no records are read. */
export async function equipmentOverview(
  db: Queryable,
  organisationId: string,
): Promise<EquipmentOverviewReply> {
  const [rows, sites] = await Promise.all([
    assetRows(db, organisationId),
    namedSites(db, organisationId),
  ]);
  const nowMs = Date.now();
  const counts = { assets: rows.length, onSite: 0, offSite: 0, notSeen: 0, noPosition: 0 };
  const assets = rows.map(({ asset, trackers }) => {
    const latest = trackers
      .filter((t) => t.last_position_at && t.last_latitude !== null && t.last_longitude !== null)
      .sort(
        (a, b) => (b.last_position_at?.getTime() ?? 0) - (a.last_position_at?.getTime() ?? 0),
      )[0];
    const position = latest
      ? {
          latitude: latest.last_latitude ?? 0,
          longitude: latest.last_longitude ?? 0,
          atMs: latest.last_position_at?.getTime() ?? 0,
        }
      : null;
    const site = position ? siteAt(sites, position) : null;
    const seenMs = Math.max(0, ...trackers.map((t) => t.last_seen_at?.getTime() ?? 0));
    if (!position) counts.noPosition++;
    else if (site) counts.onSite++;
    else counts.offSite++;
    if (nowMs - seenMs > ASSET_NOT_SEEN_H * 3_600_000) counts.notSeen++;
    return {
      id: asset.id,
      name: asset.name,
      assetNumber: asset.asset_number,
      kind: asset.kind,
      lastSeenAt: iso(seenMs || null),
      position: position && {
        latitude: position.latitude,
        longitude: position.longitude,
        at: new Date(position.atMs).toISOString(),
      },
      siteName: site?.name ?? null,
    };
  });
  return { counts, assets };
}
