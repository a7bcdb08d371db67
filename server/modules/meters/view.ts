// GET /v1/portal/machines/:id/meter-readings: the meter now with its source and reading time, each
// source's latest reading and its offset from the leading count, the drift and the history.
import type { MeterReply, MeterSourceState } from '../../../src/domain/api/meters.ts';
import type { Queryable } from '../../db/database.ts';
import { meterDrift } from './drift.ts';
import {
  anchorSource,
  chosenLead,
  effectiveLead,
  engineHoursBetween,
  latestBySource,
  recentReadings,
  toReading,
} from './store.ts';

const HISTORY_LIMIT = 200;

export async function meterView(
  db: Queryable,
  organisationId: string,
  machineId: string,
  nowMs: number,
): Promise<MeterReply> {
  const latest = await latestBySource(db, machineId);
  const lead = await chosenLead(db, machineId);
  const effective = effectiveLead(
    lead,
    latest.map((r) => r.source),
  );
  const anchor = latest.find((r) => r.source === anchorSource(effective));
  // The leading count at any moment: its anchor plus the engine's hours from the anchor to then.
  const meterAt = async (at: Date) =>
    anchor && anchor.lifetime_h + (await engineHoursBetween(db, machineId, anchor.read_at, at));
  const sources: MeterSourceState[] = [];
  for (const row of latest) {
    const leadThen = await meterAt(row.read_at);
    sources.push({
      source: row.source,
      valueH: row.value_h,
      lifetimeH: row.lifetime_h,
      readAt: row.read_at.toISOString(),
      offsetH: leadThen === undefined ? null : row.lifetime_h - leadThen,
    });
  }
  const now = await meterAt(new Date(nowMs));
  return {
    lead,
    effectiveLead: effective,
    hourMeter:
      anchor && now !== undefined
        ? { valueH: now, source: effective, readAt: anchor.read_at.toISOString() }
        : null,
    sources,
    drift: await meterDrift(db, organisationId, machineId, nowMs),
    readings: (await recentReadings(db, machineId, HISTORY_LIMIT)).map(toReading),
  };
}
