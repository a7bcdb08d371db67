// A customer's view of the maintenance list (issue 42: "a customer sees the service status, not
// costs or notes, of machines on hire to it"): the machines hired to it now, each with its owner,
// whose plans and meters give their due points.
import type { MaintenanceRow } from '../../../src/domain/api/maintenance.ts';
import type { Queryable } from '../../db/database.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

export type Owner = Pick<Organisation, 'id' | 'timezone'>;

export interface HiredMachine {
  machineId: string;
  owner: Owner;
}

/** The other owners' machines on hire to the organisation now. */
export async function hiredNow(db: Queryable, organisationId: string): Promise<HiredMachine[]> {
  const rows = await db.query<{ machine_id: string; owner_id: string; timezone: string }>(
    `SELECT DISTINCT h.machine_id, m.organisation_id AS owner_id, o.timezone
       FROM hire h JOIN machine m ON m.id = h.machine_id JOIN organisation o ON o.id = m.organisation_id
      WHERE h.customer_organisation_id = $1 AND m.organisation_id <> $1 AND m.archived_at IS NULL
        AND h.starts_at <= now() AND coalesce(h.ends_at, 'infinity') > now()`,
    [organisationId],
  );
  return rows.map((row) => ({
    machineId: row.machine_id,
    owner: { id: row.owner_id, timezone: row.timezone },
  }));
}

/** The hired machines by owner. */
export function byOwner(hired: readonly HiredMachine[]): { owner: Owner; machineIds: string[] }[] {
  const owners = new Map<string, { owner: Owner; machineIds: string[] }>();
  for (const { machineId, owner } of hired) {
    const entry = owners.get(owner.id) ?? { owner, machineIds: [] };
    entry.machineIds.push(machineId);
    owners.set(owner.id, entry);
  }
  return [...owners.values()];
}

/** A hired machine's row as its customer reads it: the owner's depot is not the customer's. */
export const asCustomer = (row: MaintenanceRow): MaintenanceRow => ({
  ...row,
  own: false,
  site: null,
});
