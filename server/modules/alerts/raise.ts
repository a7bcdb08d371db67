// Raises alerts from what the engine committed: for the machine's owner, and for a customer while
// the machine is on hire to it, each by its own modules and rules. An alert is stored once per
// event (its unique name), so recomputing the same days or replaying history raises nothing twice.
import {
  alertTypesAllowed,
  type AlertType,
  type LowBatteryLevel,
} from '../../../src/domain/api/alerts.ts';
import type { Queryable } from '../../db/database.ts';
import type { CommitListener, CommittedMachine } from '../../telemetry/engine/events.ts';
import { getOrganisation, getOrganisationSettings } from '../../tenancy/organisation.ts';
import { sitesByIds, sitesOfOrganisationAndHires } from '../sites/index.ts';
import {
  ALERT_MAX_AGE_MS,
  BOUT_TYPES,
  machineAlerts,
  newBouts,
  type AlertCandidate,
  type OrganisationAlert,
  type ExpectedSite,
  type RaisedRun,
} from './detect.ts';
import { alertsRaised } from '../../observability/metrics.ts';

interface OrganisationRules {
  types: Set<AlertType>;
  idleMinutes: number;
  lowBatteryLevel: LowBatteryLevel;
  powerCutV: number;
}

interface HireRow {
  machine_id: string;
  customer_organisation_id: string | null;
  site_id: string | null;
  starts_at: Date;
  ends_at: Date | null;
}

/** Whether anything the engine saw in these days is recent enough to raise an alert. */
function recent(committed: CommittedMachine, sinceMs: number): boolean {
  return (
    committed.toMs >= sinceMs &&
    (committed.segments.some((s) => s.toMs >= sinceMs) ||
      committed.thefts.some((t) => t.atMs >= sinceMs) ||
      committed.breakdownStarts.some((ms) => ms >= sinceMs) ||
      committed.positions.some((p) => p.atMs >= sinceMs) ||
      committed.power.some((p) => p.atMs >= sinceMs))
  );
}

/** Each organisation's alert types (by its modules) and thresholds; absent when it raises none. */
export async function organisationAlertRules(
  db: Queryable,
  organisationIds: string[],
): Promise<Map<string, OrganisationRules>> {
  const rules = new Map<string, OrganisationRules>();
  for (const id of new Set(organisationIds)) {
    const organisation = await getOrganisation(db, id);
    if (!organisation) continue;
    const settings = await getOrganisationSettings(db, organisation);
    const types = new Set(alertTypesAllowed(settings.modules));
    const { properties } = settings;
    if (types.size > 0) {
      rules.set(id, {
        types,
        idleMinutes: properties.idleAlertMinutes,
        lowBatteryLevel: properties.lowBatteryAlertLevel,
        powerCutV: properties.powerCutAlertV,
      });
    }
  }
  return rules;
}

/** The geofenced sites of each organisation that raises arrivals: its own and its hires'. */
async function sitesToArriveOn(
  db: Queryable,
  rules: Map<string, OrganisationRules>,
): Promise<Map<string, ExpectedSite[]>> {
  const sites = new Map<string, ExpectedSite[]>();
  for (const [organisationId, { types }] of rules) {
    if (!types.has('enteredSite')) continue;
    const fenced = (await sitesOfOrganisationAndHires(db, organisationId)).flatMap((site) =>
      site.geofence ? [{ name: site.name, geofence: site.geofence }] : [],
    );
    sites.set(organisationId, fenced);
  }
  return sites;
}

/** The alerts of committed machines, per organisation. */
export async function alertsOfCommitted(
  db: Queryable,
  committed: CommittedMachine[],
  nowMs: number,
): Promise<OrganisationAlert[]> {
  const relevant = committed.filter((c) => recent(c, nowMs - ALERT_MAX_AGE_MS));
  if (relevant.length === 0) return [];
  const ids = relevant.map((c) => c.machineId);
  const machines = await db.query<{ id: string; organisation_id: string; site_id: string | null }>(
    'SELECT id, organisation_id, site_id FROM machine WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const hires = await db.query<HireRow>(
    `SELECT machine_id, customer_organisation_id, site_id, starts_at, ends_at FROM hire
      WHERE machine_id = ANY($1::uuid[]) AND (ends_at IS NULL OR ends_at > $2)`,
    [ids, new Date(nowMs - ALERT_MAX_AGE_MS - 86_400_000)],
  );
  const siteIds = [...machines.map((m) => m.site_id), ...hires.map((h) => h.site_id)].filter(
    (id): id is string => id !== null,
  );
  const sites = new Map<string, ExpectedSite>();
  for (const site of await sitesByIds(db, [...new Set(siteIds)])) {
    if (site.geofence) sites.set(site.id, { name: site.name, geofence: site.geofence });
  }
  const rules = await organisationAlertRules(db, [
    ...machines.map((m) => m.organisation_id),
    ...hires.flatMap((h) => (h.customer_organisation_id ? [h.customer_organisation_id] : [])),
  ]);

  const arrivalSites = await sitesToArriveOn(db, rules);
  const found: OrganisationAlert[] = [];
  for (const facts of relevant) {
    const machine = machines.find((m) => m.id === facts.machineId);
    if (!machine) continue;
    const own = hires.filter((h) => h.machine_id === machine.id);
    const hireAt = (atMs: number) =>
      own.find((h) => h.starts_at.getTime() <= atMs && (h.ends_at?.getTime() ?? Infinity) > atMs);
    const siteAt = (atMs: number) => {
      const siteId = hireAt(atMs)?.site_id ?? machine.site_id;
      return (siteId && sites.get(siteId)) || null;
    };
    const audiences = [
      { organisationId: machine.organisation_id, visible: () => true },
      ...[...new Set(own.map((h) => h.customer_organisation_id))]
        .filter((id): id is string => id !== null && id !== machine.organisation_id)
        .map((customer) => ({
          organisationId: customer,
          visible: (atMs: number) => hireAt(atMs)?.customer_organisation_id === customer,
        })),
    ];
    for (const { organisationId, visible } of audiences) {
      const organisationRules = rules.get(organisationId);
      if (!organisationRules) continue;
      for (const candidate of machineAlerts(
        facts,
        {
          ...organisationRules,
          siteAt,
          visible,
          sites: arrivalSites.get(organisationId) ?? [],
        },
        nowMs,
      )) {
        found.push({ organisationId, candidate });
      }
    }
  }
  return found;
}

/** The bout alerts raised for these subjects since a day before the earliest candidate. */
async function raisedRuns(db: Queryable, found: OrganisationAlert[]): Promise<RaisedRun[]> {
  const runs = found.filter((a) => BOUT_TYPES.has(a.candidate.type));
  if (runs.length === 0) return [];
  const sinceMs = Math.min(...runs.map((a) => a.candidate.startedAtMs)) - 86_400_000;
  const rows = await db.query<{
    organisation_id: string;
    alert_type: AlertType;
    subject_id: string;
    started_at: Date;
    minutes: number | null;
  }>(
    `SELECT organisation_id, alert_type, subject_id, started_at, minutes FROM alert
      WHERE subject_id = ANY($1::uuid[]) AND alert_type = ANY($2::text[]) AND started_at >= $3`,
    [[...new Set(runs.map((a) => a.candidate.subjectId))], [...BOUT_TYPES], new Date(sinceMs)],
  );
  return rows.map((row) => ({
    organisationId: row.organisation_id,
    type: row.alert_type,
    subjectId: row.subject_id,
    startedAtMs: row.started_at.getTime(),
    minutes: row.minutes,
  }));
}

/** Stores the alerts not stored before, one per bout of runs; returns how many were new. */
export async function storeAlerts(db: Queryable, found: OrganisationAlert[]): Promise<number> {
  const alerts = newBouts(found, await raisedRuns(db, found));
  if (alerts.length === 0) return 0;
  const column = <K extends keyof AlertCandidate>(key: K) => alerts.map((a) => a.candidate[key]);
  const stored = await db.query<{ id: string }>(
    `INSERT INTO alert (organisation_id, alert_type, machine_id, source_id, subject_id, started_at, at,
       site_name, litres, minutes, note)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::uuid[], $6::timestamptz[],
       $7::timestamptz[], $8::text[], $9::float8[], $10::float8[], $11::text[])
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      alerts.map((a) => a.organisationId),
      column('type'),
      column('machineId'),
      column('sourceId'),
      column('subjectId'),
      alerts.map((a) => new Date(a.candidate.startedAtMs).toISOString()),
      alerts.map((a) => new Date(a.candidate.atMs).toISOString()),
      column('siteName'),
      column('litres'),
      column('minutes'),
      alerts.map((a) => a.candidate.note ?? null),
    ],
  );
  alertsRaised.inc(stored.length);
  return stored.length;
}

/** The engine's listener: alerts from each committed batch, then `raised` when any are new. */
export function alertListener(
  db: Queryable,
  options: { now?: () => number; raised?: () => void } = {},
): CommitListener {
  const now = options.now ?? Date.now;
  return async (committed) => {
    const fresh = await storeAlerts(db, await alertsOfCommitted(db, committed, now()));
    if (fresh > 0) options.raised?.();
  };
}
