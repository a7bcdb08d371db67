// Whom an organisation's admin may erase: a member of theirs who belongs to no other organisation
// (staff erase those), not staff, not themselves, and not its last admin.
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../httpError.ts';

const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message, 'userId');

export async function checkUserErasure(
  db: Queryable,
  organisationId: string,
  callerId: string,
  userId: string,
): Promise<void> {
  if (userId === callerId)
    throw badRequest('userId', 'You cannot erase yourself: ask another admin or staff');
  const memberships = await db.query<{ organisation_id: string; role: string }>(
    'SELECT organisation_id, role FROM membership WHERE user_id = $1',
    [userId],
  );
  const here = memberships.find((m) => m.organisation_id === organisationId);
  if (!here) throw notFound('No such member of this organisation');
  if (here.role === 'internal') throw forbidden('Staff are not erased by an organisation');
  if (memberships.length > 1)
    throw conflict('This person belongs to other organisations too: staff erase them');
  const [admins] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM membership
      WHERE organisation_id = $1 AND role = 'admin' AND state = 'active' AND user_id <> $2`,
    [organisationId, userId],
  );
  if (here.role === 'admin' && (admins?.n ?? 0) === 0)
    throw conflict('An organisation keeps at least one admin');
}
