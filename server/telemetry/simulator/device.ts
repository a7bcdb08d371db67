// A simulated Teltonika tracker: turns a machine's plan into the records the device would send,
// every minute while the engine runs, every hour while it is off, and at every change.
import type { AvlRecordInput } from '../adapters/teltonika/encode.ts';
import { IO } from '../adapters/teltonika/ioElements.ts';
import type {
  LatLon,
  MachinePlan,
  PlanInterval,
  PlanState,
  SimKind,
  SimMachine,
  SimMeter,
} from './plan.ts';
import type { Random } from './random.ts';

export const REPORT_ON_S = 60;
export const REPORT_OFF_S = 3600;
/** Litres an hour by kind: working, idling. */
export const BURN_LH: Record<SimKind, { active: number; idle: number }> = {
  excavator: { active: 14, idle: 3.5 },
  dumper: { active: 6, idle: 1.5 },
  telehandler: { active: 8, idle: 2 },
};
const START_LEVEL_L = 400;
const LEVEL_NOISE_L = 0.3;
const GPS_JITTER_DEG = 2e-5; // about 2 m

export function burnRateLh(kind: SimKind, state: PlanState): number {
  if (state === 'active') return BURN_LH[kind].active;
  if (state === 'idle') return BURN_LH[kind].idle;
  return 0;
}

/** The step a tracker's engine-hours count moves in: three minutes. */
export const METER_STEP_H = 0.05;

/** What the tracker's count shows after `engineH` hours of engine time since the start. */
export function meterShows(meter: SimMeter, engineH: number): number {
  let count = meter.startH + engineH;
  if (meter.reboot && engineH >= meter.reboot.afterEngineH) count -= meter.reboot.lostH;
  if (meter.replacedAfterEngineH !== undefined && engineH >= meter.replacedAfterEngineH) {
    count = engineH - meter.replacedAfterEngineH;
  }
  if (meter.rollsOverAtH) count %= meter.rollsOverAtH;
  // Rounded down to its step, a hair over to keep 0.15 from showing as 0.1.
  return Math.floor(count / METER_STEP_H + 1e-9) * METER_STEP_H;
}

const engineOn = (state: PlanState) => state === 'active' || state === 'idle';

/** Fuel burned and engine hours run up to the start of each interval of the plan. */
function totalsAtStarts(machine: SimMachine, plan: MachinePlan) {
  const burnedAtStart: number[] = [];
  const engineHAtStart: number[] = [];
  let burned = 0;
  let engineH = 0;
  for (const planned of plan.timeline) {
    burnedAtStart.push(burned);
    engineHAtStart.push(engineH);
    const hours = (planned.toMs - planned.fromMs) / 3_600_000;
    burned += burnRateLh(machine.kind, planned.state) * hours;
    if (engineOn(planned.state)) engineH += hours;
  }
  return { burnedAtStart, engineHAtStart };
}

export function recordsFor(
  machine: SimMachine,
  plan: MachinePlan,
  random: Random,
): AvlRecordInput[] {
  const times = new Set<number>();
  for (const interval of plan.timeline) {
    if (interval.state === 'missing') continue;
    const stepMs = (interval.state === 'off' ? REPORT_OFF_S : REPORT_ON_S) * 1000;
    for (let t = interval.fromMs; t < interval.toMs; t += stepMs) times.add(t);
  }
  for (const drive of plan.drives) {
    for (let t = drive.fromMs; t <= drive.toMs; t += REPORT_ON_S * 1000) times.add(t);
  }
  for (const event of [...plan.refills, ...plan.thefts]) times.add(event.atMs);
  const sorted = [...times].sort((a, b) => a - b);
  // Fuel and engine hours up to the start of each interval: at any instant, one step away.
  const { burnedAtStart, engineHAtStart } = totalsAtStarts(machine, plan);

  const records: AvlRecordInput[] = [];
  let interval = 0;
  let drive = 0;
  let position: LatLon = machine.site;
  let odometerM = 0;
  let previousPosition: LatLon | null = null;

  for (const t of sorted) {
    while (
      interval < plan.timeline.length - 1 &&
      (plan.timeline[interval] as PlanInterval).toMs <= t
    )
      interval++;
    const current = plan.timeline[interval] as PlanInterval;
    if (current.state === 'missing' || t >= current.toMs) continue;
    const burned =
      (burnedAtStart[interval] ?? 0) +
      (burnRateLh(machine.kind, current.state) * (t - current.fromMs)) / 3_600_000;

    while (drive < plan.drives.length && (plan.drives[drive]?.toMs ?? 0) < t) {
      position = plan.drives[drive]?.to ?? position;
      drive++;
    }
    const driving = plan.drives[drive];
    let speedKmh = 0;
    let exact: LatLon;
    if (driving && driving.fromMs <= t && t <= driving.toMs) {
      const f = (t - driving.fromMs) / (driving.toMs - driving.fromMs);
      exact = {
        latitude: driving.from.latitude + (driving.to.latitude - driving.from.latitude) * f,
        longitude: driving.from.longitude + (driving.to.longitude - driving.from.longitude) * f,
      };
      speedKmh = t < driving.toMs ? 9 : 0;
    } else {
      // Parked: the fix wanders a couple of metres around where the machine stands.
      exact = {
        latitude: position.latitude + (random() - 0.5) * GPS_JITTER_DEG,
        longitude: position.longitude + (random() - 0.5) * GPS_JITTER_DEG,
      };
    }
    if (previousPosition && speedKmh > 0) {
      odometerM += Math.hypot(
        (exact.latitude - previousPosition.latitude) * 111_320,
        (exact.longitude - previousPosition.longitude) *
          111_320 *
          Math.cos((exact.latitude * Math.PI) / 180),
      );
    }
    previousPosition = exact;

    const state = current.state;
    const io: Record<number, number> = {
      [IO.ignition]: state === 'off' ? 0 : 1,
      [IO.movement]: state === 'active' ? 1 : 0,
      [IO.engineRpm]: state === 'active' ? 1700 : state === 'idle' ? 750 : 0,
      [IO.externalVoltage]: state === 'off' ? 24_600 : 27_800,
      [IO.totalOdometer]: Math.round(odometerM),
      [IO.gsmSignal]: machine.gsmLevel ?? 4,
      // The tracker's backup cell, charged from the machine.
      [IO.batteryVoltage]: 4_100,
    };
    if (machine.operatorKey !== undefined && state !== 'off') io[IO.iButton] = machine.operatorKey;
    if (machine.meter) {
      const ranH =
        (engineHAtStart[interval] ?? 0) + (engineOn(state) ? (t - current.fromMs) / 3_600_000 : 0);
      // Teltonika reports its counted engine worktime in minutes.
      io[IO.engineWorktimeCounted] = Math.round(meterShows(machine.meter, ranH) * 60);
    }
    if (machine.fuelSensor === 'counter') {
      io[IO.fuelConsumedCounted] = Math.round(burned * 10);
    } else {
      const refilled = plan.refills
        .filter((e) => e.atMs <= t)
        .reduce((sum, e) => sum + e.litres, 0);
      const stolen = plan.thefts.filter((e) => e.atMs <= t).reduce((sum, e) => sum + e.litres, 0);
      const level =
        START_LEVEL_L - burned + refilled - stolen + (random() - 0.5) * 2 * LEVEL_NOISE_L;
      io[IO.fuelLevelLitres] = Math.max(0, Math.round(level * 10));
    }
    records.push({
      timestampMs: t,
      latitude: exact.latitude,
      longitude: exact.longitude,
      altitudeM: 35,
      headingDeg: 0,
      satellites: 11,
      speedKmh,
      io,
    });
  }
  return records;
}
