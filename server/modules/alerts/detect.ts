// Which alerts a machine's committed days hold, for one organisation: pure, so the rules are tested
// on fixtures; docs/reports.md states them in words. Each alert is named by its subject and the
// instant its event began, so computing the same days again finds the same alerts.
import type { AlertType, LowBatteryLevel } from '../../../src/domain/api/alerts.ts';
import type { CommittedMachine } from '../../telemetry/engine/events.ts';
import { fenceCrossings, movesWithEngineOff, siteArrivals, type FencedSite } from './movement.ts';
import { lowBatteries, powerCuts } from './power.ts';
/**
 * Runs of work out of hours, or of idling, less than this apart are one bout: one alert; so are a
 * machine's departures from its site, its arrivals, its moves with the engine off, and a device's
 * falls in battery or supply. A run's start can move as later records revise the segments
 * (a pause turns out to be work), and a manager wants to hear of an evening's use once, not of each
 * stop and start.
 */
export const ALERT_BOUT_GAP_MS = 60 * 60_000;
/** Events older than this when their days are computed (history replayed, a late backlog) raise nothing. */
export const ALERT_MAX_AGE_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;

export interface AlertCandidate {
  type: AlertType;
  machineId: string | null;
  sourceId: string | null;
  subjectId: string;
  startedAtMs: number;
  atMs: number;
  siteName: string | null;
  litres: number | null;
  minutes: number | null;
  /** What the alert says beyond its columns: a service alert's task. */
  note?: string | null;
}

/** An alert for one organisation: a machine's owner, or its customer during a hire. */
export interface OrganisationAlert {
  organisationId: string;
  candidate: AlertCandidate;
}

export type ExpectedSite = FencedSite;

export interface MachineAlertRules {
  /** The alert types the organisation raises. */
  types: ReadonlySet<AlertType>;
  idleMinutes: number;
  lowBatteryLevel: LowBatteryLevel;
  powerCutV: number;
  /** Where the machine is meant to be at an instant: its hire's site, else its home site. */
  siteAt(atMs: number): ExpectedSite | null;
  /** The organisation's geofenced sites, which an arrival on is an alert. */
  sites: readonly ExpectedSite[];
  /** The period the organisation may see the machine in (a customer: its hires). */
  visible(atMs: number): boolean;
}

const minutesOf = (ms: number) => Math.round(ms / 60_000);

/** The alerts of one machine's committed days that fall within [nowMs - max age, nowMs]. */
export function machineAlerts(
  committed: CommittedMachine,
  rules: MachineAlertRules,
  nowMs: number,
): AlertCandidate[] {
  const found: AlertCandidate[] = [];
  const base = {
    machineId: committed.machineId,
    sourceId: null,
    subjectId: committed.machineId,
    siteName: null,
    litres: null,
    minutes: null,
  };
  const add = (candidate: Omit<AlertCandidate, keyof typeof base> & Partial<AlertCandidate>) => {
    if (!rules.types.has(candidate.type)) return;
    if (candidate.atMs > nowMs || candidate.atMs < nowMs - ALERT_MAX_AGE_MS) return;
    if (!rules.visible(candidate.atMs)) return;
    found.push({ ...base, ...candidate });
  };

  const idleMs = rules.idleMinutes * 60_000;
  for (const segment of committed.segments) {
    const lengthMs = segment.toMs - segment.fromMs;
    if (segment.state !== 'idle' || lengthMs < idleMs) continue;
    add({
      type: 'idle',
      startedAtMs: segment.fromMs,
      atMs: segment.fromMs + idleMs,
      minutes: minutesOf(lengthMs),
    });
  }
  for (const [fromMs, toMs] of committed.outOfHours) {
    add({
      type: 'outOfHours',
      startedAtMs: fromMs,
      atMs: fromMs,
      minutes: minutesOf(toMs - fromMs),
    });
  }
  for (const theft of committed.thefts) {
    add({ type: 'fuelTheft', startedAtMs: theft.atMs, atMs: theft.atMs, litres: theft.litres });
  }
  for (const fromMs of committed.breakdownStarts) {
    add({ type: 'breakdown', startedAtMs: fromMs, atMs: fromMs });
  }
  const { positions } = committed;
  for (const left of fenceCrossings(positions, rules.siteAt, false)) {
    add({ type: 'leftSite', ...left });
  }
  if (rules.types.has('enteredSite')) {
    // Each site's fence is tested only on fixes that could raise an arrival, and those before them.
    const recent = positions.filter((p) => p.atMs >= nowMs - ALERT_MAX_AGE_MS - DAY_MS);
    for (const arrival of siteArrivals(recent, rules.sites))
      add({ type: 'enteredSite', ...arrival });
  }
  for (const move of movesWithEngineOff(positions, committed.segments, nowMs - ALERT_MAX_AGE_MS)) {
    add({ type: 'movedEngineOff', ...move });
  }
  // A device's power is the device's: it is the alert's subject.
  for (const fall of lowBatteries(committed.power, rules.lowBatteryLevel)) {
    add({ type: 'lowBattery', ...fall, subjectId: fall.sourceId });
  }
  for (const fall of powerCuts(committed.power, rules.powerCutV)) {
    add({ type: 'powerCut', ...fall, subjectId: fall.sourceId });
  }
  return found;
}

/** A run alert already raised: its subject, type, start and the minutes it had run by then. */
export interface RaisedRun {
  organisationId: string;
  type: AlertType;
  subjectId: string;
  startedAtMs: number;
  minutes: number | null;
}

export const BOUT_TYPES: ReadonlySet<AlertType> = new Set([
  'outOfHours',
  'idle',
  'leftSite',
  'enteredSite',
  'movedEngineOff',
  'lowBattery',
  'powerCut',
]);

/**
 * The candidates less those that continue a bout already alerted (raised before, or earlier in the
 * same batch): a run starting within ALERT_BOUT_GAP_MS of another's end, or overlapping it.
 */
export function newBouts<T extends OrganisationAlert>(found: T[], raised: RaisedRun[]): T[] {
  const known = [...raised];
  const endOf = (run: { startedAtMs: number; minutes: number | null }) =>
    run.startedAtMs + (run.minutes ?? 0) * 60_000;
  const kept: T[] = [];
  for (const alert of [...found].sort(
    (a, b) => a.candidate.startedAtMs - b.candidate.startedAtMs,
  )) {
    const { candidate } = alert;
    if (BOUT_TYPES.has(candidate.type)) {
      const continues = known.some(
        (run) =>
          run.organisationId === alert.organisationId &&
          run.type === candidate.type &&
          run.subjectId === candidate.subjectId &&
          run.startedAtMs !== candidate.startedAtMs &&
          candidate.startedAtMs <= endOf(run) + ALERT_BOUT_GAP_MS &&
          endOf(candidate) + ALERT_BOUT_GAP_MS >= run.startedAtMs,
      );
      if (continues) continue;
      known.push({ organisationId: alert.organisationId, ...candidate });
    }
    kept.push(alert);
  }
  return kept;
}
