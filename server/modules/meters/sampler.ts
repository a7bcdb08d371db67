// The meters worker (issue 41): reads the hour-meter values the devices and OEM feeds send
// (telemetry_record.hour_meter_h: Teltonika's engine worktime, an AEMP feed's cumulative operating
// hours) into readings, the last value of each complete six hours, then weighs the drift of each
// touched machine and of those whose 30 days have moved on. A source's cursor moves only over complete six hours, so
// a late burst after a gap is read when it arrives and the hours still running are read next time.
import { isOemSourceType } from '../../../src/domain/constants.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { PollingWorker } from '../../pollingWorker.ts';
import { driftDue, weighDrift } from './drift.ts';
import { insertReading } from './writes.ts';

const BUCKET_S = 6 * 3600;
/** The bucket holding the source's newest record, or now's when that is ahead of the clock ($1). */
const BUCKET_START = `to_timestamp(floor(extract(epoch FROM least(s.last_seen_at, $1)) / ${BUCKET_S}) * ${BUCKET_S})`;
/** Bounds on one pass: the rest waits for the next. */
const SOURCES_PER_PASS = 50;
const VALUES_PER_SOURCE = 500;
const DRIFT_PER_PASS = 200;

interface DueSource {
  id: string;
  type: string;
  machine_id: string;
  organisation_id: string;
  sampled_until: Date | null;
  /** The start of the bucket holding the source's newest record: what is before it is complete. */
  until: Date;
}

export interface MeterWorkerContext {
  db: Database;
  config: Pick<Config, 'meterPollMs'>;
  log: { error(o: object, message: string): void };
}

export class MeterWorker extends PollingWorker {
  constructor(private readonly context: MeterWorkerContext) {
    super(() => context.config.meterPollMs, context.log, 'meter worker');
  }

  protected async tick(): Promise<void> {
    await this.run(Date.now());
  }

  /** Samples what is due at `nowMs`, pass after pass until nothing is; returns the machines touched. */
  async run(nowMs: number): Promise<Set<string>> {
    const touched = new Set<string>();
    for (;;) {
      const due = await this.dueSources(nowMs);
      for (const source of due) {
        if (await this.sample(source)) touched.add(source.machine_id);
      }
      if (due.length < SOURCES_PER_PASS) break;
    }
    const { db } = this.context;
    for (const machineId of touched) await weighDrift(db, machineId, nowMs);
    for (const machineId of await driftDue(db, nowMs, DRIFT_PER_PASS)) {
      await weighDrift(db, machineId, nowMs);
    }
    return touched;
  }

  /**
   * Sources of machines with a complete six hours not read yet. A source's last_seen_at is its
   * newest device time: the buckets before the one holding it are complete.
   */
  private dueSources(nowMs: number): Promise<DueSource[]> {
    return this.context.db.query<DueSource>(
      `SELECT s.id, s.type, s.machine_id, m.organisation_id, ms.sampled_until, ${BUCKET_START} AS until
         FROM source s JOIN machine m ON m.id = s.machine_id
         LEFT JOIN meter_sample ms ON ms.source_id = s.id
        WHERE s.last_seen_at IS NOT NULL AND ${BUCKET_START} > coalesce(ms.sampled_until, '-infinity')
        ORDER BY ms.sampled_until NULLS FIRST LIMIT ${SOURCES_PER_PASS}`,
      [new Date(nowMs)],
    );
  }

  /** Reads one source's complete buckets; true when a reading was stored. */
  private async sample(source: DueSource): Promise<boolean> {
    const { db } = this.context;
    return db.transaction(async (tx) => {
      const bucketEnd = `to_timestamp(floor(extract(epoch FROM device_time) / ${BUCKET_S}) * ${BUCKET_S} + ${BUCKET_S})`;
      const values = await tx.query<{ device_time: Date; hour_meter_h: number; bucket_end: Date }>(
        `SELECT DISTINCT ON (${bucketEnd}) device_time, hour_meter_h, ${bucketEnd} AS bucket_end
           FROM telemetry_record
          WHERE source_id = $1 AND device_time >= $2 AND device_time < $3
            AND invalid_reason IS NULL AND hour_meter_h IS NOT NULL
          ORDER BY ${bucketEnd}, device_time DESC LIMIT ${VALUES_PER_SOURCE}`,
        [source.id, source.sampled_until ?? new Date(0), source.until],
      );
      const kind = isOemSourceType(source.type) ? 'oem' : 'tracker';
      for (const value of values) {
        await insertReading(tx, source.organisation_id, {
          machineId: source.machine_id,
          source: kind,
          readAt: value.device_time,
          valueH: value.hour_meter_h,
          automatic: true,
        });
      }
      // A full page stops at its last bucket; the rest is read next pass.
      const until = values.length === VALUES_PER_SOURCE ? values.at(-1)?.bucket_end : source.until;
      await tx.query(
        `INSERT INTO meter_sample (source_id, sampled_until) VALUES ($1, $2)
         ON CONFLICT (source_id) DO UPDATE SET sampled_until = excluded.sampled_until`,
        [source.id, until ?? source.until],
      );
      return values.length > 0;
    });
  }
}
