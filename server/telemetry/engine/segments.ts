// Turns a machine's samples into activity segments: active, idle, off and missing.
import {
  IDLE_GRACE_S,
  MISSING_FACTOR,
  RUNNING_ACTIVITY_LEVEL,
  WORKING_ACTIVITY_LEVEL,
  WORKING_RPM,
  WORKING_SPEED_KMH,
} from './rules.ts';
import type { ActivityState, MachineProfile, Sample, Segment } from './sample.ts';

/** The state one sample reports, or null when it says nothing about the engine. */
export function sampleState(
  sample: Sample,
  profile: Pick<MachineProfile, 'workingInputMask'>,
): ActivityState | null {
  const level = sample.activityLevel;
  const engineOn =
    sample.engineRunning ??
    (sample.engineRpm !== null ? sample.engineRpm > 0 : null) ??
    sample.ignition ??
    (level !== null ? level >= RUNNING_ACTIVITY_LEVEL : null);
  if (engineOn === null) return null;
  if (!engineOn) return 'off';
  const working =
    sample.movement === true ||
    (sample.engineRpm !== null && sample.engineRpm > WORKING_RPM) ||
    (sample.speedKmh ?? 0) > WORKING_SPEED_KMH ||
    (level !== null && level >= WORKING_ACTIVITY_LEVEL) ||
    (profile.workingInputMask !== 0 &&
      ((sample.digitalInputs ?? 0) & profile.workingInputMask) !== 0);
  return working ? 'active' : 'idle';
}

function push(segments: Segment[], state: ActivityState, fromMs: number, toMs: number): void {
  if (toMs <= fromMs) return;
  const last = segments[segments.length - 1];
  if (last && last.state === state && last.toMs === fromMs) last.toMs = toMs;
  else segments.push({ state, fromMs, toMs });
}

/** Idle runs shorter than the grace period next to working runs are working (a pause, not idling). */
function applyIdleGrace(segments: Segment[]): Segment[] {
  const merged: Segment[] = [];
  segments.forEach((segment, i) => {
    const short = segment.state === 'idle' && segment.toMs - segment.fromMs < IDLE_GRACE_S * 1000;
    const nextToWork = segments[i - 1]?.state === 'active' || segments[i + 1]?.state === 'active';
    push(merged, short && nextToWork ? 'active' : segment.state, segment.fromMs, segment.toMs);
  });
  return merged;
}

/**
 * Segments from samples sorted by time. Each sample's state holds until the next sample; when the
 * next one is later than MISSING_FACTOR expected intervals, the state holds for one interval and
 * the rest is missing. The last sample's state holds for one expected interval.
 */
export function buildSegments(
  samples: Sample[],
  profile: Pick<MachineProfile, 'workingInputMask'>,
): Segment[] {
  const raw: Segment[] = [];
  let state: ActivityState | null = null;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] as Sample;
    state = sampleState(sample, profile) ?? state;
    if (state === null) continue;
    const expectedMs =
      (state === 'off' ? sample.expectedIntervalOffS : sample.expectedIntervalS) * 1000;
    const next = samples[i + 1];
    if (!next) {
      push(raw, state, sample.timeMs, sample.timeMs + expectedMs);
    } else if (next.timeMs - sample.timeMs <= expectedMs * MISSING_FACTOR) {
      push(raw, state, sample.timeMs, next.timeMs);
    } else {
      push(raw, state, sample.timeMs, sample.timeMs + expectedMs);
      push(raw, 'missing', sample.timeMs + expectedMs, next.timeMs);
    }
  }
  return applyIdleGrace(raw);
}

/** The part of each segment inside [fromMs, toMs). */
export function clipSegments(segments: Segment[], fromMs: number, toMs: number): Segment[] {
  return segments
    .filter((s) => s.toMs > fromMs && s.fromMs < toMs)
    .map((s) => ({
      state: s.state,
      fromMs: Math.max(s.fromMs, fromMs),
      toMs: Math.min(s.toMs, toMs),
    }));
}
