// Keeps the stored due points fresh without a reader (docs/maintenance.md "Speed"): every five
// minutes, each organisation with a service plan whose due points are older than that has them
// worked out again, so the machine list's Service filter and the dashboard follow the meters.
import type { Database } from '../../db/database.ts';
import { PollingWorker } from '../../pollingWorker.ts';
import { DUE_FRESH_MS, storeDue } from './dueStore.ts';

export class DueWorker extends PollingWorker {
  constructor(
    private readonly db: Database,
    log: { error(o: object, message: string): void },
  ) {
    super(() => DUE_FRESH_MS, log, 'maintenance due points');
  }

  protected async tick(): Promise<void> {
    const stale = await this.db.query<{ id: string; timezone: string }>(
      `SELECT o.id, o.timezone FROM organisation o
        WHERE EXISTS (SELECT 1 FROM service_plan p WHERE p.organisation_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM service_due_state s
                           WHERE s.organisation_id = o.id
                             AND s.computed_at > now() - make_interval(secs => $1))`,
      [DUE_FRESH_MS / 1000],
    );
    for (const organisation of stale) await storeDue(this.db, organisation);
  }
}
