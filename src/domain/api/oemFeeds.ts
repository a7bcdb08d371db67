// /v1/admin/oem-feeds: the ISO 15143-3 (AEMP 2.0) feeds the server polls, configured by staff.
import Type, { type Static } from 'typebox';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const OEM_FEED_FORMATS = ['xml', 'json'] as const;
export const OEM_FEED_AUTHS = ['none', 'basic', 'oauth2'] as const;

export const OemFeedBody = Type.Object(
  {
    organisationId: Type.String({ format: 'uuid' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** The type the feed's sources get, e.g. CATERPILLAR: capitals, digits and underscores. */
    sourceType: Type.String({ pattern: '^[A-Z][A-Z0-9_]{1,39}$' }),
    baseUrl: Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000 }),
    format: Type.Enum([...OEM_FEED_FORMATS]),
    auth: Type.Enum([...OEM_FEED_AUTHS]),
    /** The user name for basic authentication, the client id for OAuth2. */
    username: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    /** The password or client secret; on a change, left out keeps the one stored. Never shown. */
    secret: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    tokenUrl: Type.Optional(
      Nullable(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000 })),
    ),
    scope: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
    intervalS: Type.Integer({ minimum: 60, maximum: 7 * 86_400 }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OemFeedBody = Static<typeof OemFeedBody>;

export const OemFeed = Type.Object({
  id: Type.String(),
  organisationId: Type.String(),
  name: Type.String(),
  sourceType: Type.String(),
  baseUrl: Type.String(),
  format: Type.Enum([...OEM_FEED_FORMATS]),
  auth: Type.Enum([...OEM_FEED_AUTHS]),
  username: Nullable(Type.String()),
  hasSecret: Type.Boolean(),
  tokenUrl: Nullable(Type.String()),
  scope: Nullable(Type.String()),
  intervalS: Type.Integer(),
  enabled: Type.Boolean(),
  lastPolledAt: Nullable(Type.String()),
  lastSuccessAt: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  lastEquipment: Nullable(Type.Integer()),
});
export type OemFeed = Static<typeof OemFeed>;

export const OemFeedList = Type.Object({ feeds: Type.Array(OemFeed) });

export type OemFeedPollReply = Static<typeof OemFeedPollReply>;
export const OemFeedPollReply = Type.Object({
  pages: Type.Integer(),
  equipment: Type.Integer(),
  matched: Type.Integer(),
  unassigned: Type.Integer(),
  unidentified: Type.Integer(),
  stored: Type.Integer(),
  duplicates: Type.Integer(),
  error: Nullable(Type.String()),
});

/** The feed's equipment: matched to a machine of the feed's organisation, or left for staff. */
export const OemFeedEquipmentReply = Type.Object({
  equipment: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      code: Type.String(),
      machineId: Nullable(Type.String()),
      machineName: Nullable(Type.String()),
      lastSeenAt: Nullable(Type.String()),
    }),
  ),
});
export type OemFeedEquipmentReply = Static<typeof OemFeedEquipmentReply>;
