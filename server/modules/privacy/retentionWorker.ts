// The nightly retention run: each api process looks every hour, and from 02:00 UTC the first to
// claim the day runs it (retention_run), so that several api processes run it once.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { PollingWorker } from '../../pollingWorker.ts';
import type { ReadModel } from '../../readModel/readModel.ts';
import { applyRetention } from './retention.ts';
import { claimRun, finishRun } from './retentionStore.ts';

const HOUR_MS = 3_600_000;
/** The run's hour, UTC: after most of the world's midnight, before Europe's working day. */
const RUN_HOUR_UTC = 2;

export class RetentionWorker extends PollingWorker {
  constructor(
    private readonly context: {
      db: Database;
      config: Pick<Config, 'retention'>;
      readModel: ReadModel;
      log: { info(o: object, message: string): void; error(o: object, message: string): void };
    },
  ) {
    super(() => HOUR_MS, context.log, 'retention');
  }

  protected async tick(): Promise<void> {
    const now = new Date();
    if (now.getUTCHours() < RUN_HOUR_UTC) return;
    const day = now.toISOString().slice(0, 10);
    if (!(await claimRun(this.context.db, day))) return;
    await this.apply(now.getTime());
    await finishRun(this.context.db, day);
  }

  /** A run at `nowMs`, whatever the day: the nightly pass, and tests with a clock of their own. */
  async apply(nowMs: number) {
    const { db, config, readModel, log } = this.context;
    const removed = await applyRetention(db, config.retention, readModel, nowMs);
    log.info({ removed: Object.fromEntries(removed) }, 'retention applied');
    return removed;
  }
}
