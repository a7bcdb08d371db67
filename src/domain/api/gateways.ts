// The gateway calls (issue 17, our design in the spec's style): the organisation's gateways at
// /v1/portal/gateways, and every gateway, registered or only seen, for staff at /v1/admin/gateways.
import Type, { type Static } from 'typebox';
import { GATEWAY_STATUSES } from '../devices.ts';
import { DateTime, RangeBound } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const GATEWAY_KINDS = ['LORAWAN', 'CELLULAR'] as const;
export const GATEWAY_SORTS = ['name', 'eui', 'status', 'lastUplinkAt', 'site', 'sensors'] as const;
/** The longest range of a gateway's traffic at once. */
export const MAX_GATEWAY_TRAFFIC_DAYS = 31;

export const GatewayRecord = Type.Object({
  id: Type.String(),
  /** Shown with the MAC-like formatter: AA:BB:CC:DD:EE:FF:00:11. */
  eui: Type.String(),
  kind: Type.Enum(GATEWAY_KINDS),
  name: Nullable(Type.String()),
  model: Nullable(Type.String()),
  /** Null: seen on the network, not yet registered to an organisation. */
  organisationId: Nullable(Type.String()),
  organisationName: Nullable(Type.String()),
  siteId: Nullable(Type.String()),
  siteName: Nullable(Type.String()),
  /** Where staff placed it, else where it reports itself to be. */
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  status: Type.Enum(GATEWAY_STATUSES),
  lastUplinkAt: Nullable(DateTime),
  firstSeenAt: Nullable(DateTime),
  registeredAt: Nullable(DateTime),
  /** Sensors heard and uplinks relayed in the last 24 hours. */
  sensors24h: Type.Integer(),
  uplinks24h: Type.Integer(),
  expectedIntervalS: Type.Integer(),
  offlineAfterS: Type.Integer(),
  networkServerUrl: Nullable(Type.String()),
  /** The network server's own id for it (The Things Stack's gateway_id). */
  networkId: Nullable(Type.String()),
});
export type GatewayRecord = Static<typeof GatewayRecord>;

/** ra-data-simple-rest's list query: sort, range and filter as JSON text (server/simpleRest.ts). */
export const GatewayListQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type GatewayListQuery = Static<typeof GatewayListQuery>;

export const GatewayListReply = Type.Array(GatewayRecord);

const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });
/** Any separators: the formatter keeps the 16 hexadecimal digits. */
const EuiText = Type.String({ minLength: 16, maxLength: 40 });

/** PUT /v1/portal/gateways/{id}: what an organisation's admins set. */
export const GatewayEditBody = Type.Object(
  {
    name: Type.Optional(Nullable(Name)),
    siteId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    latitude: Type.Optional(Nullable(Latitude)),
    longitude: Type.Optional(Nullable(Longitude)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type GatewayEditBody = Static<typeof GatewayEditBody>;

/** POST /v1/admin/gateways: staff register a gateway, seen already or not. */
export const GatewayRegisterBody = Type.Object(
  {
    eui: EuiText,
    kind: Type.Optional(Type.Enum(GATEWAY_KINDS)),
    model: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    name: Type.Optional(Nullable(Name)),
    organisationId: Type.String({ format: 'uuid' }),
    siteId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  },
  { additionalProperties: false },
);
export type GatewayRegisterBody = Static<typeof GatewayRegisterBody>;

/** PUT /v1/admin/gateways/{id}: staff move it between organisations or unregister it (null). */
export const GatewayAdminEditBody = Type.Object(
  {
    kind: Type.Optional(Type.Enum(GATEWAY_KINDS)),
    model: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    name: Type.Optional(Nullable(Name)),
    organisationId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    siteId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type GatewayAdminEditBody = Static<typeof GatewayAdminEditBody>;

/** PUT /v1/admin/gateways/{id}/configuration. */
export const GatewayConfigurationBody = Type.Object(
  {
    networkServerUrl: Type.Optional(Nullable(Type.String({ format: 'uri', maxLength: 300 }))),
    /** How often it relays something when its sensors are healthy. */
    expectedIntervalS: Type.Optional(Type.Integer({ minimum: 10, maximum: 86_400 })),
    /** Offline (and alerted) after this long without an uplink. */
    offlineAfterS: Type.Optional(Type.Integer({ minimum: 60, maximum: 7 * 86_400 })),
    latitude: Type.Optional(Nullable(Latitude)),
    longitude: Type.Optional(Nullable(Longitude)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type GatewayConfigurationBody = Static<typeof GatewayConfigurationBody>;

/** GET …/gateways/{id}/traffic: the range's sensors heard and uplinks per hour. */
export const GatewayTrafficQuery = Type.Object(
  { start: Type.Optional(RangeBound), end: Type.Optional(RangeBound) },
  { additionalProperties: false },
);
export type GatewayTrafficQuery = Static<typeof GatewayTrafficQuery>;

export const HeardSensor = Type.Object({
  sourceId: Type.String(),
  type: Type.String(),
  code: Type.String(),
  /** Null for a sensor of another organisation, or on no machine. */
  machineId: Nullable(Type.String()),
  machineName: Nullable(Type.String()),
  uplinks: Type.Integer(),
  rssiAvgDbm: Type.Number(),
  rssiBestDbm: Nullable(Type.Number()),
  snrAvgDb: Type.Number(),
  /** 0 to 5, from the average reception. */
  signalBars: Type.Integer(),
  lastHeardAt: DateTime,
});
export type HeardSensor = Static<typeof HeardSensor>;

export const GatewayTrafficReply = Type.Object({
  from: DateTime,
  to: DateTime,
  sensors: Type.Array(HeardSensor),
  uplinksPerHour: Type.Array(Type.Object({ hour: DateTime, uplinks: Type.Integer() })),
});
export type GatewayTrafficReply = Static<typeof GatewayTrafficReply>;
