// Keeps the read model of every API process right when engines run elsewhere: an engine announces
// each commit's machines on a PostgreSQL channel, and each process listening drops what it holds
// of them. NOTIFY is delivered once its transaction commits, to every connection listening then.
import type { Database } from '../db/database.ts';
import type { CommitListener } from '../telemetry/engine/events.ts';
import type { ReadModel } from './readModel.ts';

export const COMMITS_CHANNEL = 'machines_committed';
/** Machine ids per notice: PostgreSQL's payload limit is 8,000 bytes, an id takes 37. */
const IDS_PER_NOTICE = 200;

/** Tells every api process listening that these machines' figures changed. */
export async function announceMachines(db: Database, machineIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(machineIds)];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
    await db.query('SELECT pg_notify($1, $2)', [
      COMMITS_CHANNEL,
      ids.slice(i, i + IDS_PER_NOTICE).join(','),
    ]);
  }
}

/** The engine's commit listener that tells other processes which machines changed. */
export function announceCommits(db: Database): CommitListener {
  return (committed) =>
    announceMachines(
      db,
      committed.map((machine) => machine.machineId),
    );
}

/** Listens for other processes' commits; resolves to a stop function (nothing to do on PGlite). */
export async function followCommits(
  db: Database,
  readModel: ReadModel,
): Promise<() => Promise<void>> {
  if (!db.listen) return async () => undefined;
  return db.listen(
    COMMITS_CHANNEL,
    (payload) => readModel.committed(payload.split(',').filter(Boolean)),
    () => readModel.forgetAll(),
  );
}
