// The over-use report's lines (issue 41): the hires with over-use terms on the selected machines
// that overlap the range, each with its usage inside the range (up to now). A rental company sees
// the hires of its machines; a customer the hires it took.
import type { HireUsage } from '../../../src/domain/api/hires.ts';
import type { Queryable } from '../../db/database.ts';
import { rentalSettings } from '../../tenancy/organisation.ts';
import { HIRE_SELECT, type HireRow } from './store.ts';
import { hireUsages } from './usage.ts';

export interface OveruseLine {
  hire: HireRow;
  usage: HireUsage;
}

export async function overuseInRange(
  db: Queryable,
  organisationId: string,
  machineIds: readonly string[],
  range: { fromMs: number; toMs: number },
): Promise<OveruseLine[]> {
  const rows = await db.query<HireRow & { timezone: string }>(
    `${HIRE_SELECT.replace('SELECT h.id,', 'SELECT ro.timezone, h.id,')}
      WHERE (h.rental_organisation_id = $1 OR h.customer_organisation_id = $1)
        AND h.machine_id = ANY($2::uuid[]) AND h.overuse_period IS NOT NULL
        AND h.starts_at < $4 AND coalesce(h.ends_at, 'infinity') > $3
      ORDER BY h.starts_at, lower(m.name), h.id`,
    [organisationId, [...machineIds], new Date(range.fromMs), new Date(range.toMs)],
  );
  const currencies = new Map<string, string>();
  for (const id of new Set(rows.map((row) => row.rental_organisation_id))) {
    currencies.set(id, (await rentalSettings(db, id)).currency);
  }
  const usages = await hireUsages(
    db,
    rows.map((row) => ({ ...row, currency: currencies.get(row.rental_organisation_id) ?? '' })),
    { fromMs: range.fromMs, toMs: Math.min(range.toMs, Date.now()) },
  );
  return rows.flatMap((hire, index) => {
    const usage = usages[index];
    return usage ? [{ hire, usage }] : [];
  });
}
