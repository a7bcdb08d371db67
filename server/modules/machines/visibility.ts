// When the caller's organisation may see a machine: its owner always; a customer only while the
// machine is hired to it (spec: a hired machine is visible for the hire period only).
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../httpError.ts';
import type { AccessClaims } from '../../security/tokens.ts';
import type { Period } from '../../telemetry/engine/breakdowns.ts';

export interface Visibility {
  owned: boolean;
  /** The owner's time zone: the machine's days and rollups are in it. */
  timezone: string;
  /** Sorted periods the caller may see; one unbounded period for the owner, a customer's hires. */
  periods: (Period & { hireId?: string })[];
}

/** Null when the caller's organisation never may see the machine (or it does not exist). */
export async function machineVisibility(
  db: Queryable,
  organisationId: string,
  machineId: string,
): Promise<Visibility | null> {
  const [machine] = await db.query<{ organisation_id: string; timezone: string }>(
    `SELECT m.organisation_id, o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id
      WHERE m.id = $1`,
    [machineId],
  );
  if (!machine) return null;
  if (machine.organisation_id === organisationId) {
    return {
      owned: true,
      timezone: machine.timezone,
      periods: [{ fromMs: -Infinity, toMs: Infinity }],
    };
  }
  const hires = await db.query<{ id: string; starts_at: Date; ends_at: Date | null }>(
    `SELECT id, starts_at, ends_at FROM hire WHERE machine_id = $1 AND customer_organisation_id = $2
      ORDER BY starts_at`,
    [machineId, organisationId],
  );
  if (hires.length === 0) return null;
  return {
    owned: false,
    timezone: machine.timezone,
    periods: hires.map((h) => ({
      hireId: h.id,
      fromMs: h.starts_at.getTime(),
      toMs: h.ends_at?.getTime() ?? Infinity,
    })),
  };
}

/** The parts of [fromMs, toMs) inside the periods. */
export function clipToPeriods(fromMs: number, toMs: number, periods: Period[]): Period[] {
  const parts: Period[] = [];
  for (const p of periods) {
    const from = Math.max(fromMs, p.fromMs);
    const to = Math.min(toMs, p.toMs);
    if (to > from) parts.push({ fromMs: from, toMs: to });
  }
  return parts;
}

/** Throws unless the caller may change the machine. */
export async function assertOwnMachine(
  db: Queryable,
  auth: AccessClaims,
  machineId: string,
): Promise<void> {
  const visibility = await machineVisibility(db, auth.org, machineId);
  if (!visibility) throw notFound('No such machine');
  if (!visibility.owned) throw forbidden('Only the machine’s owner can change it');
  if (auth.role === 'viewer') throw forbidden('Viewers cannot change a machine');
}
