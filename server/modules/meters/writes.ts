// Writing a reading: placed on its source's lifetime count by the rules, stored, and the machine's
// meter anchored again on its leading source (machine.hour_meter_h at hour_meter_at, which the list
// and the hire figures add the engine's hours since to).
import type { HourMeterBody } from '../../../src/domain/api/machineSettings.ts';
import type { MeterSource } from '../../../src/domain/api/meters.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import { isOrganisationDocument } from '../files/index.ts';
import { placeReading, type ReadingClaim } from './rules.ts';
import {
  anchorSource,
  chosenLead,
  effectiveLead,
  engineHoursBetween,
  hasLaterReading,
  latestBySource,
  readingBefore,
} from './store.ts';

export interface NewReading extends ReadingClaim {
  machineId: string;
  source: MeterSource;
  readAt: Date;
  documentId?: string | null;
  userId?: string | null;
}

/** A reading may be up to a minute ahead of this server's clock, and no older than 2000. */
const FUTURE_SLACK_MS = 60_000;
const EARLIEST = Date.UTC(2000, 0, 1);

/** Checks, places and stores one reading inside the caller's transaction; returns its id. */
export async function insertReading(
  tx: Queryable,
  organisationId: string,
  reading: NewReading,
): Promise<string> {
  const { machineId, source, readAt } = reading;
  if (readAt.getTime() > Date.now() + FUTURE_SLACK_MS) {
    throw badRequest('readAt', 'A reading cannot be in the future');
  }
  if (readAt.getTime() < EARLIEST) throw badRequest('readAt', 'A reading cannot be before 2000');
  if (
    reading.documentId &&
    !(await isOrganisationDocument(tx, organisationId, reading.documentId))
  ) {
    throw badRequest('fileId', 'No such file in this organisation');
  }
  // One writer per machine at a time: two readings placed at once would both follow the same one.
  await tx.query('SELECT 1 FROM machine WHERE id = $1 FOR UPDATE', [machineId]);
  const outOfOrder = await hasLaterReading(tx, machineId, source, readAt);
  if (outOfOrder && (reading.replacement || reading.rollover)) {
    throw badRequest(
      'readAt',
      'A replacement or a rollover must be later than the source’s latest reading',
    );
  }
  const previous = await readingBefore(tx, machineId, source, readAt);
  const since = previous ? await engineHoursBetween(tx, machineId, previous.readAt, readAt) : 0;
  const placed = placeReading(reading, previous, since);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO meter_reading (machine_id, source, read_at, value_h, offset_h, lifetime_h, kind,
                                starting_value_h, out_of_order, document_id, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      machineId,
      source,
      readAt,
      reading.valueH,
      placed.offsetH,
      placed.lifetimeH,
      placed.kind,
      reading.replacement?.startingValueH ?? null,
      outOfOrder,
      reading.documentId ?? null,
      reading.userId ?? null,
    ],
  );
  if (!row) throw new Error('The reading was not stored');
  if (!outOfOrder) await anchorMeter(tx, machineId);
  return row.id;
}

/**
 * The older hour-meter call (PATCH …/vhm): what the meter showed at a moment, in the zone the user
 * read it in, kept in hour_meter_correction and stored as a manual reading that restarts the count.
 */
export async function recordCorrection(
  db: Database,
  organisationId: string,
  machineId: string,
  correction: HourMeterBody & { userId: string },
): Promise<void> {
  const { time, value, timezone, userId } = correction;
  if (!Intl.supportedValuesOf('timeZone').includes(timezone) && timezone !== 'UTC') {
    throw badRequest('timezone', `Unknown time zone '${timezone}'`);
  }
  const readAt = new Date(time);
  if (readAt.getTime() > Date.now() + FUTURE_SLACK_MS) {
    throw badRequest('time', 'The reading cannot be in the future');
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO hour_meter_correction (machine_id, read_at, value_h, timezone, user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [machineId, readAt, value, timezone, userId],
    );
    await insertReading(tx, organisationId, {
      machineId,
      source: 'manual',
      readAt,
      valueH: value,
      correction: true,
      userId,
    });
  });
}

/** Stores one reading in its own transaction. */
export const recordReading = (db: Database, organisationId: string, reading: NewReading) =>
  db.transaction((tx) => insertReading(tx, organisationId, reading));

/**
 * Anchors the machine's meter on its leading source's latest reading; with none (no manual reading
 * for a computed meter) the anchor stays as it was.
 */
export async function anchorMeter(tx: Queryable, machineId: string): Promise<void> {
  const latest = await latestBySource(tx, machineId);
  const lead = effectiveLead(
    await chosenLead(tx, machineId),
    latest.map((r) => r.source),
  );
  const anchor = latest.find((r) => r.source === anchorSource(lead));
  if (!anchor) return;
  await tx.query(
    'UPDATE machine SET hour_meter_h = $2, hour_meter_at = $3, hour_meter_source = $4 WHERE id = $1',
    [machineId, anchor.lifetime_h, anchor.read_at, lead],
  );
}
