// Machine groups: an organisation's named sets of machines, with how many live machines each holds.
import type { MachineGroup } from '../../../src/domain/api/machineSettings.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';

const GROUPS = `SELECT g.id, g.name, count(m.id)::int AS "numberOfMachines"
                  FROM machine_group g
                  LEFT JOIN machine m ON m.group_id = g.id AND m.archived_at IS NULL`;

export const listGroups = (db: Queryable, organisationId: string) =>
  db.query<MachineGroup>(
    `${GROUPS} WHERE g.organisation_id = $1 GROUP BY g.id ORDER BY lower(g.name)`,
    [organisationId],
  );

const taken = (name: string) => conflict(`There is already a group named '${name}'`);

/** One of the organisation's groups with its machine count, or 404. */
export async function groupOf(db: Queryable, organisationId: string, id: string) {
  const [group] = await db.query<MachineGroup>(
    `${GROUPS} WHERE g.organisation_id = $1 AND g.id = $2 GROUP BY g.id`,
    [organisationId, id],
  );
  if (!group) throw notFound('No such group');
  return group;
}

/** A group's name as typed, trimmed; refused when empty. */
export function groupName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('name', 'name cannot be empty');
  return trimmed;
}

/** A new group; 409 when the organisation has one of that name, even one made a moment ago. */
export async function createGroup(db: Queryable, organisationId: string, name: string) {
  const trimmed = groupName(name);
  // The unique index decides, also between two requests at once.
  const [made] = await db.query<{ id: string }>(
    `INSERT INTO machine_group (organisation_id, name) VALUES ($1, $2)
     ON CONFLICT (organisation_id, lower(name)) DO NOTHING RETURNING id`,
    [organisationId, trimmed],
  );
  if (!made) throw taken(trimmed);
  return { id: made.id, name: trimmed, numberOfMachines: 0 };
}

/** The organisation's group with this name, made if it does not exist yet. */
export async function groupNamed(db: Queryable, organisationId: string, name: string) {
  await db.query(
    `INSERT INTO machine_group (organisation_id, name) VALUES ($1, $2)
     ON CONFLICT (organisation_id, lower(name)) DO NOTHING`,
    [organisationId, name],
  );
  const [group] = await db.query<{ id: string }>(
    'SELECT id FROM machine_group WHERE organisation_id = $1 AND lower(name) = lower($2)',
    [organisationId, name],
  );
  return (group as { id: string }).id;
}

/** 409 when another of the organisation's groups has the name: the unique index decides. */
export async function renameGroup(db: Queryable, organisationId: string, id: string, name: string) {
  try {
    await db.query('UPDATE machine_group SET name = $3 WHERE organisation_id = $1 AND id = $2', [
      organisationId,
      id,
      name,
    ]);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw taken(name);
    throw error;
  }
}

/** Its machines leave the group (the column's ON DELETE SET NULL); they stay in the fleet. */
export async function deleteGroup(db: Queryable, organisationId: string, id: string) {
  await db.query('DELETE FROM machine_group WHERE organisation_id = $1 AND id = $2', [
    organisationId,
    id,
  ]);
}

/** Puts a machine in one of the organisation's groups, or in none. */
export async function setMachineGroup(
  db: Queryable,
  organisationId: string,
  machineId: string,
  groupId: string | null,
) {
  if (groupId) {
    const [group] = await db.query(
      'SELECT 1 FROM machine_group WHERE id = $1 AND organisation_id = $2',
      [groupId, organisationId],
    );
    if (!group) throw badRequest('groupId', 'No such group in this organisation');
  }
  await db.query('UPDATE machine SET group_id = $2 WHERE id = $1', [machineId, groupId]);
}
