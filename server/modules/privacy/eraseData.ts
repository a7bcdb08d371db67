// Erasing an organisation's data (docs/privacy.md): one machine's positions over a range, or the
// whole organisation on leaving — its devices with their records, its files, its audit entries,
// the people who belong to no other organisation (erased as persons), then the organisation with
// everything that hangs on it.
import type { Database } from '../../db/database.ts';
import type { SessionRegistry } from '../../security/sessions.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import { eraseUser, type Erased } from './eraseUser.ts';
import { clearPositions, countedRows } from './rows.ts';

/** Clears the machine's positions from `from` to before `to`, and its heat cells of those days. */
export async function eraseMachinePositions(
  db: Database,
  machineId: string,
  from: Date,
  to: Date,
): Promise<Erased> {
  const records = await clearPositions(
    db,
    'SELECT id FROM source WHERE machine_id = $1',
    machineId,
    from,
    to,
  );
  const zone = `(SELECT o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id WHERE m.id = $1)`;
  const day = (param: string) => `(${param}::timestamptz AT TIME ZONE ${zone})::date`;
  const heatCells =
    (await countedRows(
      db,
      `DELETE FROM machine_day_heat WHERE machine_id = $1 AND day BETWEEN ${day('$2')} AND ${day('$3')}`,
      [machineId, from, to],
    )) +
    (await countedRows(
      db,
      `DELETE FROM machine_week_heat
        WHERE machine_id = $1 AND week + 6 >= ${day('$2')} AND week <= ${day('$3')}`,
      [machineId, from, to],
    ));
  const lastPositions = await countedRows(
    db,
    `UPDATE source SET last_latitude = NULL, last_longitude = NULL, last_position_at = NULL
      WHERE machine_id = $1 AND last_position_at >= $2 AND last_position_at < $3`,
    [machineId, from, to],
  );
  return {
    subject: { machineId, from: from.toISOString(), to: to.toISOString() },
    removed: {
      'telemetry_record.positions': records,
      machine_day_heat: heatCells,
      'source.last_position': lastPositions,
    },
  };
}

/** Everything of the organisation; its people who belong nowhere else are erased as persons. */
export async function eraseOrganisation(
  context: { db: Database; sessions: SessionRegistry; files: FileStorage },
  organisationId: string,
  progress: (share: number, step: string) => Promise<void>,
): Promise<Erased | undefined> {
  const { db, files } = context;
  const [organisation] = await db.query<{ name: string }>(
    'SELECT name FROM organisation WHERE id = $1',
    [organisationId],
  );
  if (!organisation) return undefined;
  const removed: Record<string, number> = {};

  await progress(0.1, 'people');
  const people = await db.query<{ id: string }>(
    `SELECT user_id AS id FROM membership m WHERE organisation_id = $1
        AND NOT EXISTS (SELECT 1 FROM membership o WHERE o.user_id = m.user_id AND o.organisation_id <> $1)`,
    [organisationId],
  );
  for (const [i, person] of people.entries()) {
    await progress(0.1 + (0.5 * i) / people.length, 'people');
    if (await eraseUser(context, person.id, async () => undefined))
      removed.app_user = (removed.app_user ?? 0) + 1;
  }

  await progress(0.6, 'files');
  const keys = await db.query<{ key: string }>(
    `SELECT file_key AS key FROM document WHERE organisation_id = $1 AND file_key IS NOT NULL
     UNION ALL SELECT file_key FROM report_file WHERE organisation_id = $1 AND file_key IS NOT NULL
     UNION ALL SELECT logo_key FROM brand_configuration WHERE organisation_id = $1 AND logo_key IS NOT NULL`,
    [organisationId],
  );
  for (const { key } of keys) await files.remove(key);
  removed.files = keys.length;

  await progress(0.7, 'devices');
  const sources = `SELECT id FROM source WHERE organisation_id = $1
                    OR machine_id IN (SELECT id FROM machine WHERE organisation_id = $1)`;
  const [records] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM telemetry_record WHERE source_id IN (${sources})`,
    [organisationId],
  );
  removed.telemetry_record = records?.n ?? 0;
  removed.source = await countedRows(db, `DELETE FROM source WHERE id IN (${sources})`, [
    organisationId,
  ]);

  await progress(0.85, 'organisation');
  removed.audit_event = await countedRows(
    db,
    'DELETE FROM audit_event WHERE organisation_id = $1',
    [organisationId],
  );
  // Hires of other rental companies keep their figures, without the name of who hired.
  removed.hire = await countedRows(
    db,
    `UPDATE hire SET customer_name = 'erased organisation' WHERE customer_organisation_id = $1`,
    [organisationId],
  );
  removed.machine =
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM machine WHERE organisation_id = $1',
        [organisationId],
      )
    )[0]?.n ?? 0;
  removed.organisation = await countedRows(db, 'DELETE FROM organisation WHERE id = $1', [
    organisationId,
  ]);
  return { subject: { organisationId }, removed };
}
