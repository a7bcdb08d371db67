// One retention run (docs/privacy.md): for each organisation, and for the records on no machine,
// what is older than its periods is removed — whole months of raw records dropped on PostgreSQL
// when every holder's period has passed them, the rest deleted in batches — and what was removed
// is written to the organisation's audit trail. Rollups stay unless the organisation set a period.
import type { RetentionPeriods } from '../../../src/domain/api/privacy.ts';
import type { RetentionSettings as Defaults } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { TelemetryPartitions } from '../../db/partitions.ts';
import type { ReadModel } from '../../readModel/readModel.ts';
import { announceMachines } from '../../readModel/invalidation.ts';
import { recordAudit } from '../audit/index.ts';
import {
  everyOrganisationsPeriods,
  type Holder,
  positionsMark,
  removeAuditEntries,
  removeHeatCells,
  removePositions,
  removeRecords,
  removeRollups,
  setPositionsMark,
} from './retentionStore.ts';

const DAY_MS = 86_400_000;

/** What one run removed of one holder's data; counts of rows (positions: records cleared). */
export interface Removed {
  records: number;
  positions: number;
  heatCells: number;
  audit: number;
  rollups: number;
}

const orDefault = (days: number | null | undefined, fallback: number) =>
  days ?? (fallback > 0 ? fallback : null);

type Periods = { records: number | null; positions: number | null; audit: number | null };

/** An organisation's own periods, the defaults where it set none (and for what is no one's). */
const effective = (defaults: Defaults, own?: Partial<RetentionPeriods>): Periods => ({
  records: orDefault(own?.recordsDays, defaults.recordsDays),
  positions: orDefault(own?.positionsDays, defaults.positionsDays),
  audit: orDefault(own?.auditDays, defaults.auditDays),
});

/** The instant before which a period of `days` removes data, or null when it keeps everything. */
const cutoff = (nowMs: number, days: number | null) =>
  days === null ? null : new Date(nowMs - days * DAY_MS);

/**
 * Whole months go when every holder has a records period and the longest has passed them: the
 * defaults apply to the organisations without one, and to the records on no machine.
 */
async function dropMonths(db: Database, defaults: Defaults, longestDays: number, nowMs: number) {
  if (db.kind !== 'postgres' || defaults.recordsDays <= 0) return;
  const dropped = await new TelemetryPartitions(db).dropEndedBy(nowMs - longestDays * DAY_MS);
  if (dropped.length === 0) return;
  await recordAudit(db, {
    action: 'retention.applied',
    organisationId: null,
    actorUserId: null,
    subjectUserId: null,
    details: { partitionsDropped: dropped },
  });
}

async function applyToHolder(
  db: Database,
  holder: Holder,
  periods: Periods,
  nowMs: number,
): Promise<Removed> {
  const removed: Removed = { records: 0, positions: 0, heatCells: 0, audit: 0, rollups: 0 };
  const records = cutoff(nowMs, periods.records);
  if (records) removed.records = await removeRecords(db, holder, records);
  const positions = cutoff(nowMs, periods.positions);
  if (positions && (!records || positions > records)) {
    const mark = holder === null ? null : await positionsMark(db, holder);
    removed.positions = await removePositions(db, holder, mark, positions);
    if (holder !== null) {
      removed.heatCells = await removeHeatCells(db, holder, positions);
      await setPositionsMark(db, holder, positions);
    }
  }
  const audit = cutoff(nowMs, periods.audit);
  if (audit) removed.audit = await removeAuditEntries(db, holder, audit);
  return removed;
}

/** Runs retention at `nowMs`; returns what it removed, by organisation (null: on no machine). */
export async function applyRetention(
  db: Database,
  defaults: Defaults,
  readModel: ReadModel,
  nowMs: number,
): Promise<Map<Holder, Removed>> {
  const organisations = await everyOrganisationsPeriods(db);
  // A holder keeping its records for good keeps every month.
  const longestDays = Math.max(
    defaults.recordsDays,
    ...organisations.map((org) => effective(defaults, org).records ?? Infinity),
  );
  if (Number.isFinite(longestDays)) await dropMonths(db, defaults, longestDays, nowMs);

  const results = new Map<Holder, Removed>();
  for (const org of organisations) {
    const removed = await applyToHolder(db, org.id, effective(defaults, org), nowMs);
    const rollupsBefore = cutoff(nowMs, org.rollupsDays);
    if (rollupsBefore) {
      const { removed: rows, machineIds } = await removeRollups(db, org.id, rollupsBefore);
      removed.rollups = rows;
      // Every api process reads the machines' figures again: its own now, the others when told.
      readModel.committed(machineIds);
      if (db.kind === 'postgres') await announceMachines(db, machineIds);
    }
    results.set(org.id, removed);
    if (Object.values(removed).some((count) => count > 0))
      await recordAudit(db, {
        action: 'retention.applied',
        organisationId: org.id,
        actorUserId: null,
        subjectUserId: null,
        details: { removed },
      });
  }
  results.set(null, await applyToHolder(db, null, effective(defaults), nowMs));
  return results;
}
