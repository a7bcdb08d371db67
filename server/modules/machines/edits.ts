// Changes to a machine's own row: its descriptors, archiving it out of the fleet and back, and the
// operator assigned to it (optionally naming the tracker's last driver key).
import type { MachineOperatorBody, MachineUpdateBody } from '../../../src/domain/api/machines.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict } from '../../httpError.ts';
import { groupNamed } from './groups.ts';

/** Body field to column. */
const COLUMNS: Record<keyof MachineUpdateBody, string> = {
  name: 'name',
  assetId: 'asset_id',
  category: 'category',
  type: 'type',
  oem: 'oem',
  model: 'model',
  manufacturingYear: 'manufacturing_year',
  ownershipType: 'ownership_type',
  owner: 'owner',
  group: 'group_id',
  note: 'note',
  pin: 'pin',
  serialNumber: 'serial_number',
};

export async function updateMachine(
  db: Queryable,
  organisationId: string,
  machineId: string,
  body: MachineUpdateBody,
) {
  const entries = Object.entries(body) as [keyof MachineUpdateBody, unknown][];
  const values = entries.map(([, value]) =>
    typeof value === 'string' ? value.trim() || null : (value ?? null),
  );
  if (entries.some(([key], i) => key === 'name' && values[i] === null)) {
    throw badRequest('name', 'name cannot be empty');
  }
  // A group is named here; the machine joins the organisation's group of that name.
  const group = entries.findIndex(([key]) => key === 'group');
  if (group >= 0 && typeof values[group] === 'string') {
    values[group] = await groupNamed(db, organisationId, values[group]);
  }
  await db.query(
    `UPDATE machine SET ${entries.map(([key], i) => `${COLUMNS[key]} = $${i + 2}`).join(', ')}
      WHERE id = $1`,
    [machineId, ...(values as (string | number | null)[])],
  );
}

/** Out of the fleet from a time (now unless given), never in the future. */
export async function archiveMachine(db: Queryable, machineId: string, time?: string) {
  const at = time ? new Date(time) : new Date();
  if (at.getTime() > Date.now() + 60_000) {
    throw badRequest('time', 'The archive time cannot be in the future');
  }
  const updated = await db.query(
    'UPDATE machine SET archived_at = $2 WHERE id = $1 AND archived_at IS NULL RETURNING id',
    [machineId, at],
  );
  if (updated.length === 0) throw conflict('The machine is already archived');
}

export async function unarchiveMachine(db: Queryable, machineId: string) {
  const updated = await db.query(
    'UPDATE machine SET archived_at = NULL WHERE id = $1 AND archived_at IS NOT NULL RETURNING id',
    [machineId],
  );
  if (updated.length === 0) throw conflict('The machine is not archived');
}

export async function assignOperator(
  db: Database,
  machineId: string,
  operator: MachineOperatorBody & { userId: string },
) {
  const name = operator.operator?.trim() || null;
  if (operator.operator !== null && name === null)
    throw badRequest('operator', 'operator cannot be blank');
  await db.transaction(async (tx) => {
    if (name === null) {
      await tx.query('DELETE FROM machine_operator WHERE machine_id = $1', [machineId]);
      return;
    }
    await tx.query(
      `INSERT INTO machine_operator (machine_id, name, assigned_at, assigned_by)
       VALUES ($1, $2, now(), $3)
       ON CONFLICT (machine_id) DO UPDATE
         SET name = EXCLUDED.name, assigned_at = EXCLUDED.assigned_at, assigned_by = EXCLUDED.assigned_by`,
      [machineId, name, operator.userId],
    );
    if (!operator.nameKey) return;
    const named = await tx.query(
      `INSERT INTO operator_key (organisation_id, key, name)
       SELECT m.organisation_id, s.driver_key, $2 FROM machine m
         JOIN source s ON s.machine_id = m.id AND s.driver_key IS NOT NULL
        WHERE m.id = $1
        ORDER BY s.driver_key_at DESC LIMIT 1
       ON CONFLICT (organisation_id, key) DO UPDATE SET name = EXCLUDED.name
       RETURNING key`,
      [machineId, name],
    );
    if (named.length === 0)
      throw badRequest('nameKey', "The machine's tracker has reported no operator key");
  });
}
