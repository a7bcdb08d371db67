// A user's live sign-in sessions as they see them in /user/settings, and as their organisation's
// admins see them (issue 45): the browser and system read off the user agent that opened each.
import Bowser from 'bowser';
import {
  DEVICE_KINDS,
  type DeviceKind,
  type SignInSession,
} from '../../src/domain/api/authSessions.ts';
import type { Queryable } from '../db/database.ts';

interface Row {
  id: string;
  user_agent: string | null;
  address: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
}

/** "Chrome 156" from a parsed name and version; null when the agent names none. */
const named = (name: string | undefined, version: string | undefined): string | null =>
  name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;

export function describeAgent(
  userAgent: string | null,
): Pick<SignInSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.version),
    device: (DEVICE_KINDS as readonly string[]).includes(type ?? '')
      ? (type as DeviceKind)
      : 'other',
  };
}

/** The user's sessions that are neither ended nor expired, the latest used first. */
export async function liveSessionsOf(
  db: Queryable,
  userId: string,
  currentSessionId: string,
): Promise<SignInSession[]> {
  const rows = await db.query<Row>(
    `SELECT id, user_agent, address, created_at, last_used_at, expires_at FROM auth_session
      WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
      ORDER BY last_used_at DESC, created_at DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    ...describeAgent(row.user_agent),
    address: row.address,
    startedAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    current: row.id === currentSessionId,
  }));
}
