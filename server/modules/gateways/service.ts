// Gateways read and written: an organisation's own, or every one for staff (registered or only
// seen on the network), each with its status, last day's traffic, and the sensors it heard.
import {
  MAX_GATEWAY_TRAFFIC_DAYS,
  type GatewayAdminEditBody,
  type GatewayConfigurationBody,
  type GatewayEditBody,
  type GatewayRecord,
  type GatewayRegisterBody,
  type GatewayTrafficReply,
  type HeardSensor,
} from '../../../src/domain/api/gateways.ts';
import { resolveRange, RangeError } from '../../../src/domain/dateRange.ts';
import {
  formatMacLike,
  gatewayEui,
  gatewayStatus,
  GATEWAY_STATUSES,
  loraSignalBars,
} from '../../../src/domain/devices.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import { pageInMemory, type ListParams } from '../../simpleRest.ts';

/** Whose gateways: one organisation's, or every gateway (staff). */
export type GatewayScope = { organisationId: string } | 'all';

interface GatewayRow {
  id: string;
  eui: string;
  kind: GatewayRecord['kind'];
  name: string | null;
  model: string | null;
  organisation_id: string | null;
  organisation_name: string | null;
  site_id: string | null;
  site_name: string | null;
  latitude: number | null;
  longitude: number | null;
  last_uplink_at: Date | null;
  first_seen_at: Date | null;
  registered_at: Date | null;
  sensors: number;
  uplinks: number;
  expected_interval_s: number;
  offline_after_s: number;
  network_server_url: string | null;
  network_id: string | null;
}

/** $1: 24 hours ago, by the server's clock like every status. */
const GATEWAY_ROWS = `
  SELECT g.id, g.eui, g.kind, g.name, g.model, g.organisation_id, o.name AS organisation_name,
         g.site_id, st.name AS site_name,
         coalesce(g.latitude, g.reported_latitude) AS latitude,
         coalesce(g.longitude, g.reported_longitude) AS longitude,
         g.last_uplink_at, g.first_seen_at, g.registered_at,
         coalesce(day.sensors, 0)::int AS sensors, coalesce(day.uplinks, 0)::int AS uplinks,
         g.expected_interval_s, g.offline_after_s, g.network_server_url, g.network_id
    FROM gateway g
    LEFT JOIN organisation o ON o.id = g.organisation_id
    LEFT JOIN site st ON st.id = g.site_id
    LEFT JOIN (SELECT gateway_id, count(DISTINCT source_id) AS sensors, sum(uplinks) AS uplinks
                 FROM gateway_source_hour WHERE hour >= $1
                GROUP BY gateway_id) day ON day.gateway_id = g.id`;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const dayAgo = () => new Date(Date.now() - 86_400_000);

function toRecord(row: GatewayRow, nowMs: number): GatewayRecord {
  return {
    id: row.id,
    eui: formatMacLike(row.eui),
    kind: row.kind,
    name: row.name,
    model: row.model,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    siteId: row.site_id,
    siteName: row.site_name,
    latitude: row.latitude,
    longitude: row.longitude,
    status: gatewayStatus(row.last_uplink_at?.getTime() ?? null, row.offline_after_s, nowMs),
    lastUplinkAt: iso(row.last_uplink_at),
    firstSeenAt: iso(row.first_seen_at),
    registeredAt: iso(row.registered_at),
    sensors24h: row.sensors,
    uplinks24h: row.uplinks,
    expectedIntervalS: row.expected_interval_s,
    offlineAfterS: row.offline_after_s,
    networkServerUrl: row.network_server_url,
    networkId: row.network_id,
  };
}

function scoped(scope: GatewayScope, params: SqlParam[]): string {
  if (scope === 'all') return 'true';
  params.push(scope.organisationId);
  return `g.organisation_id = $${params.length}`;
}

export interface GatewayFilter {
  q?: string;
  status?: GatewayRecord['status'];
  siteId?: string;
  organisationId?: string;
  /** Staff: registered ones only (true) or seen-only ones (false). */
  registered?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's `filter`, each key checked and named when wrong. */
export function readGatewayFilter(filter: Record<string, unknown>): GatewayFilter {
  const out: GatewayFilter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q' && typeof value === 'string' && value.length <= 100) out.q = value;
    else if (key === 'status' && GATEWAY_STATUSES.includes(value as never))
      out.status = value as GatewayFilter['status'];
    else if (
      (key === 'siteId' || key === 'organisationId') &&
      typeof value === 'string' &&
      UUID.test(value)
    )
      out[key] = value;
    else if (key === 'registered' && typeof value === 'boolean') out.registered = value;
    else throw badRequest(`filter.${key}`, `filter.${key} is not a valid value or not a filter`);
  }
  return out;
}

const SORTS: Record<string, (g: GatewayRecord) => string | number> = {
  name: (g) => (g.name ?? g.eui).toLowerCase(),
  eui: (g) => g.eui,
  status: (g) => GATEWAY_STATUSES.indexOf(g.status),
  lastUplinkAt: (g) => g.lastUplinkAt ?? '',
  site: (g) => (g.siteName ?? '').toLowerCase(),
  sensors: (g) => g.sensors24h,
};

/**
 * The gateways of the scope that match the filter, sorted and paged. The status follows the clock,
 * so it is worked out here rather than stored; an organisation has hundreds of gateways at most.
 */
export async function listGateways(
  db: Queryable,
  scope: GatewayScope,
  filter: GatewayFilter,
  page: Pick<ListParams<string>, 'sort' | 'order' | 'offset' | 'limit'>,
): Promise<{ gateways: GatewayRecord[]; total: number }> {
  const params: SqlParam[] = [dayAgo()];
  const conditions = [scoped(scope, params)];
  if (filter.q?.trim()) {
    params.push(`%${filter.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const compact = filter.q.toUpperCase().replace(/\W/g, '');
    params.push(compact ? `%${compact}%` : '%');
    conditions.push(
      `(g.name ILIKE $${params.length - 1} OR g.model ILIKE $${params.length - 1} OR st.name ILIKE $${params.length - 1}
        OR o.name ILIKE $${params.length - 1} OR g.network_id ILIKE $${params.length - 1} OR g.eui LIKE $${params.length})`,
    );
  }
  if (filter.siteId) conditions.push(`g.site_id = $${params.push(filter.siteId)}`);
  if (filter.organisationId)
    conditions.push(`g.organisation_id = $${params.push(filter.organisationId)}`);
  if (filter.registered !== undefined)
    conditions.push(`g.organisation_id IS ${filter.registered ? 'NOT ' : ''}NULL`);
  const rows = await db.query<GatewayRow>(
    `${GATEWAY_ROWS} WHERE ${conditions.join(' AND ')}`,
    params,
  );
  const nowMs = Date.now();
  const all = rows
    .map((row) => toRecord(row, nowMs))
    .filter((g) => !filter.status || g.status === filter.status);
  const { rows: gateways, total } = pageInMemory(all, SORTS, page, 'name', (a, b) =>
    a.eui.localeCompare(b.eui),
  );
  return { gateways, total };
}

export async function getGateway(
  db: Queryable,
  scope: GatewayScope,
  id: string,
): Promise<GatewayRecord> {
  const params: SqlParam[] = [dayAgo(), id];
  const [row] = await db.query<GatewayRow>(
    `${GATEWAY_ROWS} WHERE g.id = $2 AND ${scoped(scope, params)}`,
    params,
  );
  if (!row) throw notFound('No such gateway');
  return toRecord(row, Date.now());
}

/** A site of the organisation, or a 400 naming the field. */
async function assertSite(
  db: Queryable,
  organisationId: string | null,
  siteId: string | null | undefined,
  field: string,
) {
  if (!siteId) return;
  const [site] = organisationId
    ? await db.query('SELECT 1 FROM site WHERE id = $1 AND organisation_id = $2', [
        siteId,
        organisationId,
      ])
    : [];
  if (!site) throw badRequest(field, "No such site in the gateway's organisation");
}

/** Sets the given columns; a field left out keeps its value. */
async function setColumns(
  db: Queryable,
  id: string,
  values: Record<string, SqlParam | undefined>,
): Promise<void> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  await db.query(
    `UPDATE gateway SET ${entries.map(([column], i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`,
    [id, ...entries.map(([, value]) => value as SqlParam)],
  );
}

/** An organisation's admins name, place and site their gateway. */
export async function editGateway(
  db: Queryable,
  organisationId: string,
  id: string,
  body: GatewayEditBody,
): Promise<GatewayRecord> {
  await getGateway(db, { organisationId }, id);
  await assertSite(db, organisationId, body.siteId, 'siteId');
  await setColumns(db, id, {
    name: body.name === undefined ? undefined : (body.name?.trim() ?? null),
    site_id: body.siteId,
    latitude: body.latitude,
    longitude: body.longitude,
  });
  return getGateway(db, { organisationId }, id);
}

/**
 * Staff register a gateway to an organisation: one seen on the network already is claimed, a new
 * one is created ahead of its first uplink. One registered already is a conflict.
 */
export async function registerGateway(
  db: Queryable,
  body: GatewayRegisterBody,
): Promise<GatewayRecord> {
  const eui = gatewayEui(body.eui);
  if (!eui) throw badRequest('eui', 'eui must be 16 hexadecimal digits (separators are ignored)');
  const [organisation] = await db.query('SELECT 1 FROM organisation WHERE id = $1', [
    body.organisationId,
  ]);
  if (!organisation) throw badRequest('organisationId', 'No such organisation');
  await assertSite(db, body.organisationId, body.siteId, 'siteId');
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO gateway AS g (eui, kind, model, name, organisation_id, site_id, registered_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (eui) DO UPDATE SET kind = EXCLUDED.kind, model = EXCLUDED.model, name = EXCLUDED.name,
       organisation_id = EXCLUDED.organisation_id, site_id = EXCLUDED.site_id, registered_at = now()
       WHERE g.organisation_id IS NULL
     RETURNING id`,
    [
      eui,
      body.kind ?? 'LORAWAN',
      body.model?.trim() || null,
      body.name?.trim() || null,
      body.organisationId,
      body.siteId ?? null,
    ],
  );
  if (!row) throw conflict(`The gateway ${formatMacLike(eui)} is registered already`);
  return getGateway(db, 'all', row.id);
}

/** Staff change what a gateway is and whose it is; a null organisation unregisters it. */
export async function adminEditGateway(
  db: Queryable,
  id: string,
  body: GatewayAdminEditBody,
): Promise<GatewayRecord> {
  const current = await getGateway(db, 'all', id);
  const organisationId =
    body.organisationId === undefined ? current.organisationId : body.organisationId;
  if (body.organisationId) {
    const [organisation] = await db.query('SELECT 1 FROM organisation WHERE id = $1', [
      body.organisationId,
    ]);
    if (!organisation) throw badRequest('organisationId', 'No such organisation');
  }
  await assertSite(db, organisationId, body.siteId, 'siteId');
  const movesOrganisation =
    body.organisationId !== undefined && organisationId !== current.organisationId;
  await setColumns(db, id, {
    kind: body.kind,
    model: body.model === undefined ? undefined : body.model?.trim() || null,
    name: body.name === undefined ? undefined : (body.name?.trim() ?? null),
    organisation_id: body.organisationId,
    // Another organisation's site cannot stay with it.
    site_id: body.siteId !== undefined ? body.siteId : movesOrganisation ? null : undefined,
    registered_at: movesOrganisation ? (organisationId ? new Date() : null) : undefined,
  });
  return getGateway(db, 'all', id);
}

export async function configureGateway(
  db: Queryable,
  id: string,
  body: GatewayConfigurationBody,
): Promise<GatewayRecord> {
  await getGateway(db, 'all', id);
  await setColumns(db, id, {
    network_server_url: body.networkServerUrl,
    expected_interval_s: body.expectedIntervalS,
    offline_after_s: body.offlineAfterS,
    latitude: body.latitude,
    longitude: body.longitude,
  });
  return getGateway(db, 'all', id);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** One point per hour of the range, zero where nothing was relayed: a silent hour shows as one. */
function everyHour(from: Date, to: Date, counted: { hour: Date; uplinks: number }[]) {
  const byHour = new Map(counted.map((row) => [row.hour.getTime(), row.uplinks]));
  const points: { hour: string; uplinks: number }[] = [];
  for (let t = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS; t < to.getTime(); t += HOUR_MS)
    points.push({ hour: new Date(t).toISOString(), uplinks: byHour.get(t) ?? 0 });
  return points;
}

/** The range asked for, as the organisation's whole days; without one, the last 48 hours. */
function trafficRange(range: { start?: string; end?: string; timeZone: string }) {
  if (!range.start && !range.end) {
    const to = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS);
    return { from: new Date(to.getTime() - 2 * DAY_MS), to };
  }
  try {
    const resolved = resolveRange(range.start, range.end, range.timeZone);
    const to = resolved.to ?? new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS);
    const from = resolved.from ?? new Date(to.getTime() - MAX_GATEWAY_TRAFFIC_DAYS * DAY_MS);
    if (to.getTime() - from.getTime() > MAX_GATEWAY_TRAFFIC_DAYS * DAY_MS)
      throw badRequest('end', `at most ${MAX_GATEWAY_TRAFFIC_DAYS} days at a time`);
    return { from, to };
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.field, error.message);
    throw error;
  }
}

/**
 * What the gateway relayed over a range (default: the last 48 hours): each sensor heard with its
 * reception, and uplinks per hour. Sensors of other organisations are shown without their machine.
 */
export async function gatewayTraffic(
  db: Queryable,
  scope: GatewayScope,
  id: string,
  range: { start?: string; end?: string; timeZone: string },
): Promise<GatewayTrafficReply> {
  await getGateway(db, scope, id);
  const { from, to } = trafficRange(range);
  const owner = scope === 'all' ? null : scope.organisationId;
  const sensors = await db.query<{
    source_id: string;
    type: string;
    code: string;
    machine_id: string | null;
    machine_name: string | null;
    uplinks: number;
    rssi_avg: number;
    rssi_best: number | null;
    snr_avg: number;
    last_heard_at: Date;
  }>(
    `SELECT h.source_id, s.type, s.code,
            CASE WHEN $4::uuid IS NULL OR m.organisation_id = $4 THEN m.id END AS machine_id,
            CASE WHEN $4::uuid IS NULL OR m.organisation_id = $4 THEN m.name END AS machine_name,
            sum(h.uplinks)::int AS uplinks, sum(h.rssi_sum) / sum(h.uplinks) AS rssi_avg,
            max(h.rssi_best_dbm) AS rssi_best, sum(h.snr_sum) / sum(h.uplinks) AS snr_avg,
            max(h.last_heard_at) AS last_heard_at
       FROM gateway_source_hour h
       JOIN source s ON s.id = h.source_id
       LEFT JOIN machine m ON m.id = s.machine_id
      WHERE h.gateway_id = $1 AND h.hour >= $2 AND h.hour < $3
      GROUP BY h.source_id, s.type, s.code, m.id, m.name, m.organisation_id
      ORDER BY rssi_avg ASC`,
    [id, from, to, owner],
  );
  const hours = await db.query<{ hour: Date; uplinks: number }>(
    `SELECT hour, sum(uplinks)::int AS uplinks FROM gateway_source_hour
      WHERE gateway_id = $1 AND hour >= $2 AND hour < $3 GROUP BY hour ORDER BY hour`,
    [id, from, to],
  );
  const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    sensors: sensors.map((row): HeardSensor => ({
      sourceId: row.source_id,
      type: row.type,
      code: row.code,
      machineId: row.machine_id,
      machineName: row.machine_name,
      uplinks: row.uplinks,
      rssiAvgDbm: round(Number(row.rssi_avg)),
      rssiBestDbm: row.rssi_best,
      snrAvgDb: round(Number(row.snr_avg)),
      signalBars: loraSignalBars(Number(row.rssi_avg), Number(row.snr_avg)),
      lastHeardAt: row.last_heard_at.toISOString(),
    })),
    uplinksPerHour: everyHour(from, to, hours),
  };
}
