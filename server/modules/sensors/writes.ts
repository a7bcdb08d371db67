// Changes to an organisation's sensors: out of service from a time and back (its records in between
// are kept and do not count), and its fuel attachments (spec point 3). Each change recomputes the
// machine's days it affects, in the background.
import type {
  FuelAttachment,
  SensorAttachmentBody,
  SensorAttachmentReply,
  SensorServiceBody,
} from '../../../src/domain/api/sensors.ts';
import { zonedInstant } from '../../../src/domain/zonedTime.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';

interface OwnSource {
  id: string;
  machine_id: string | null;
  out_of_service_at: Date | null;
  fuel_enabled: boolean;
  first_seen_at: Date | null;
}

/** The organisation's source, or 404: another organisation's is no different from none. */
async function ownSource(db: Queryable, organisationId: string, id: string): Promise<OwnSource> {
  const [row] = await db.query<OwnSource>(
    `SELECT s.id, s.machine_id, s.out_of_service_at, s.fuel_enabled, s.first_seen_at
       FROM source s LEFT JOIN machine m ON m.id = s.machine_id
      WHERE s.id = $1 AND coalesce(m.organisation_id, s.organisation_id) = $2`,
    [id, organisationId],
  );
  if (!row) throw notFound('No such sensor in this organisation');
  return row;
}

/** Its machine's days from `fromMs` on are recomputed. */
function recomputeFrom(rollups: RollupScheduler, sourceId: string, fromMs: number): void {
  rollups.touched([{ sourceId, fromMs, toMs: Date.now() }]);
}

function instantOf(at: string | undefined, field: string): Date {
  const instant = at ? new Date(at) : new Date();
  if (instant.getTime() > Date.now() + 60_000)
    throw badRequest(field, `${field} cannot be in the future`);
  return instant;
}

export async function takeOutOfService(
  db: Database,
  rollups: RollupScheduler,
  organisationId: string,
  userId: string,
  id: string,
  body: SensorServiceBody,
): Promise<void> {
  const source = await ownSource(db, organisationId, id);
  if (source.out_of_service_at) throw conflict('The sensor is out of service already');
  const from = instantOf(body.at, 'at');
  await db.transaction(async (tx) => {
    const [overlap] = await tx.query(
      'SELECT 1 FROM source_service_gap WHERE source_id = $1 AND to_at > $2',
      [id, from],
    );
    if (overlap)
      throw badRequest('at', 'The sensor was out of service after this time: choose a later one');
    await tx.query(
      `INSERT INTO source_service_gap (source_id, from_at, reason, created_by) VALUES ($1, $2, $3, $4)`,
      [id, from, body.reason?.trim() ?? null, userId],
    );
    await tx.query(
      'UPDATE source SET out_of_service_at = $2, has_service_gaps = true WHERE id = $1',
      [id, from],
    );
  });
  recomputeFrom(rollups, id, from.getTime());
}

export async function returnToService(
  db: Database,
  rollups: RollupScheduler,
  organisationId: string,
  id: string,
  body: SensorServiceBody,
): Promise<void> {
  const source = await ownSource(db, organisationId, id);
  if (!source.out_of_service_at) throw conflict('The sensor is in service');
  const to = instantOf(body.at, 'at');
  if (to <= source.out_of_service_at)
    throw badRequest('at', 'at must be after the sensor went out of service');
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE source_service_gap SET to_at = $2 WHERE source_id = $1 AND to_at IS NULL',
      [id, to],
    );
    await tx.query('UPDATE source SET out_of_service_at = NULL WHERE id = $1', [id]);
  });
  recomputeFrom(rollups, id, source.out_of_service_at.getTime());
}

const START = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/** A start as an instant: with its offset as given, else read on the wall clock of `timeZone`. */
function startInstant(start: string, timeZone: string, field: string): Date {
  const [, year, month, day, hours, minutes, seconds] = (START.exec(start) ?? []).map(Number);
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  if (
    !year ||
    year < 2000 ||
    calendar.getUTCMonth() !== (month ?? 1) - 1 ||
    calendar.getUTCDate() !== day ||
    (hours ?? 0) > 23 ||
    (minutes ?? 0) > 59 ||
    (seconds || 0) > 59
  )
    throw badRequest(field, `${field} is not a real date and time from 2000 on`);
  const date = start.slice(0, 10);
  const instant = /(Z|[+-]\d{2}:\d{2})$/.test(start)
    ? new Date(start)
    : zonedInstant(date, (hours ?? 0) * 60 + (minutes ?? 0) + (seconds || 0) / 60, timeZone);
  if (Number.isNaN(instant.getTime())) throw badRequest(field, `${field} is not a real time`);
  return instant;
}

interface AttachmentRow {
  id: string;
  type: FuelAttachment['type'];
  starts_at: Date;
  tank_capacity_l: number;
  serial_number: string | null;
}

async function attachmentsOf(db: Queryable, sourceId: string): Promise<FuelAttachment[]> {
  const rows = await db.query<AttachmentRow>(
    `SELECT id, type, starts_at, tank_capacity_l, serial_number FROM fuel_attachment
      WHERE source_id = $1 ORDER BY starts_at`,
    [sourceId],
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    start: row.starts_at.toISOString(),
    tankCapacity: row.tank_capacity_l,
    serialNumber: row.serial_number,
  }));
}

export async function getAttachments(
  db: Queryable,
  organisationId: string,
  sourceId: string,
): Promise<SensorAttachmentReply> {
  const source = await ownSource(db, organisationId, sourceId);
  return {
    sourceId,
    enableFuel: source.fuel_enabled,
    fuelAttachment: await attachmentsOf(db, sourceId),
  };
}

/**
 * Sets the sensor's whole list of attachments: listed ones with an id are changed, the others
 * added, and any not listed removed. Days from the earliest start that changed are recomputed.
 */
export async function setAttachments(
  db: Database,
  rollups: RollupScheduler,
  organisationId: string,
  body: SensorAttachmentBody,
): Promise<SensorAttachmentReply> {
  const source = await ownSource(db, organisationId, body.sourceId);
  const before = await attachmentsOf(db, body.sourceId);
  const known = new Set(before.map((a) => a.id));
  const wanted = body.fuelAttachment.map((item, i) => {
    if (item.id && !known.has(item.id))
      throw badRequest(`fuelAttachment.${i}.id`, 'No such attachment on this sensor');
    return {
      ...item,
      startsAt: startInstant(item.start, body.timezone, `fuelAttachment.${i}.start`),
    };
  });
  const wantedStarts = wanted.map((item) => item.startsAt.getTime());
  const twice = wantedStarts.findIndex((start, i) => wantedStarts.indexOf(start) !== i);
  if (twice >= 0)
    throw badRequest(`fuelAttachment.${twice}.start`, 'Two attachments cannot start at once');
  await db.transaction(async (tx) => {
    const keep = wanted.flatMap((item) => (item.id ? [item.id] : []));
    await tx.query(
      'DELETE FROM fuel_attachment WHERE source_id = $1 AND NOT (id = ANY($2::uuid[]))',
      [body.sourceId, keep],
    );
    // Starts may swap between attachments: clear them first so the unique start never trips.
    await tx.query(
      `UPDATE fuel_attachment SET starts_at = starts_at - interval '1000 years' WHERE source_id = $1`,
      [body.sourceId],
    );
    for (const item of wanted) {
      const values = [
        body.sourceId,
        item.type,
        item.startsAt,
        item.tankCapacity,
        item.serialNumber?.trim() || null,
      ];
      if (item.id)
        await tx.query(
          `UPDATE fuel_attachment SET type = $2, starts_at = $3, tank_capacity_l = $4, serial_number = $5
            WHERE source_id = $1 AND id = $6`,
          [...values, item.id],
        );
      else
        await tx.query(
          `INSERT INTO fuel_attachment (source_id, type, starts_at, tank_capacity_l, serial_number)
           VALUES ($1, $2, $3, $4, $5)`,
          values,
        );
    }
    await tx.query('UPDATE source SET fuel_enabled = $2 WHERE id = $1', [
      body.sourceId,
      body.enableFuel,
    ]);
  });
  const after = await attachmentsOf(db, body.sourceId);
  // From the earliest start of an attachment added, removed or changed; everything when the
  // sensor's fuel readings were switched on or off.
  const text = (list: FuelAttachment[]) => new Map(list.map((a) => [a.id, JSON.stringify(a)]));
  const [was, is] = [text(before), text(after)];
  const starts = [
    ...before.filter((a) => is.get(a.id) !== was.get(a.id)),
    ...after.filter((a) => was.get(a.id) !== is.get(a.id)),
  ].map((a) => Date.parse(a.start));
  const fromMs =
    source.fuel_enabled !== body.enableFuel
      ? (source.first_seen_at?.getTime() ?? Date.now())
      : Math.min(...starts);
  if (Number.isFinite(fromMs)) recomputeFrom(rollups, body.sourceId, fromMs);
  return { sourceId: body.sourceId, enableFuel: body.enableFuel, fuelAttachment: after };
}

/** A new capacity for one attachment: the days from its start are recomputed. */
export async function setTankCapacity(
  db: Database,
  rollups: RollupScheduler,
  organisationId: string,
  attachmentId: string,
  tankCapacityL: number,
): Promise<FuelAttachment> {
  const [row] = await db.query<{ source_id: string }>(
    'SELECT source_id FROM fuel_attachment WHERE id = $1',
    [attachmentId],
  );
  if (!row) throw notFound('No such attachment');
  await ownSource(db, organisationId, row.source_id);
  const [updated] = await db.query<AttachmentRow>(
    `UPDATE fuel_attachment SET tank_capacity_l = $2 WHERE id = $1
     RETURNING id, type, starts_at, tank_capacity_l, serial_number`,
    [attachmentId, tankCapacityL],
  );
  if (!updated) throw notFound('No such attachment');
  recomputeFrom(rollups, row.source_id, updated.starts_at.getTime());
  return {
    id: updated.id,
    type: updated.type,
    start: updated.starts_at.toISOString(),
    tankCapacity: updated.tank_capacity_l,
    serialNumber: updated.serial_number,
  };
}
