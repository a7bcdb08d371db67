// Sign-in sessions as their owner and their organisation's admins see them (issue 45, ASVS 5.0
// 7.4.5 and 7.5.2): what opened each, from where, and when it was last used, so that one not
// recognised can be ended.
import Type, { type Static } from 'typebox';
import { DateTime } from './dates.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const SignInSession = Type.Object({
  id: Uuid,
  /** The browser and its major version, such as "Chrome 156", read off the user agent. */
  browser: Nullable(Type.String()),
  /** The operating system, such as "Android 15". */
  os: Nullable(Type.String()),
  device: Type.Enum(DEVICE_KINDS),
  /** The address the session was opened from. */
  address: Nullable(Type.String()),
  startedAt: DateTime,
  lastUsedAt: DateTime,
  expiresAt: DateTime,
  /** The session of the token making this call. */
  current: Type.Boolean(),
});
export type SignInSession = Static<typeof SignInSession>;

export const SignInSessions = Type.Array(SignInSession);

export const SessionParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const MemberSessionParams = Type.Object(
  { id: Uuid, sessionId: Uuid },
  { additionalProperties: false },
);

/** How many sessions an end ended. */
export const SessionsEnded = Type.Object({ ended: Type.Integer({ minimum: 0 }) });
export type SessionsEnded = Static<typeof SessionsEnded>;
