// GET /v1/portal/maps/routes: one machine's positions, trips and stops over a range (spec point 3,
// "Route data per machine").
import Type, { type Static } from 'typebox';
import { Day } from './dates.ts';
import { ROUTE_STOP_DURATION_S, ROUTE_STOP_RADIUS_M } from '../constants.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MAX_ROUTE_DAYS = 31;

export const RouteQuery = Type.Object(
  {
    machineID: Type.String({ format: 'uuid' }),
    /** Local days of the machine's owner, both included; both default to today. */
    start: Type.Optional(Day),
    end: Type.Optional(Day),
    stopRadius: Type.Optional(
      Type.Number({ minimum: 5, maximum: 1000, default: ROUTE_STOP_RADIUS_M }),
    ),
    stopDuration: Type.Optional(
      Type.Integer({ minimum: 30, maximum: 86_400, default: ROUTE_STOP_DURATION_S }),
    ),
  },
  { additionalProperties: false },
);
export type RouteQuery = Static<typeof RouteQuery>;

export const RouteLocation = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  satellites: Nullable(Type.Integer()),
  time: Type.String(),
});
export type RouteLocation = Static<typeof RouteLocation>;

export const RouteTrip = Type.Object({
  geofenceStartName: Nullable(Type.String()),
  geofenceEndName: Nullable(Type.String()),
  /** The trip ended outside every site's geofence. */
  outOfScope: Type.Boolean(),
  startTime: Type.String(),
  endTime: Type.String(),
  distanceM: Type.Number(),
  locations: Type.Array(RouteLocation),
});
export type RouteTrip = Static<typeof RouteTrip>;

export const RouteStop = Type.Object({
  /** The stop lay outside every site's geofence. */
  outOfScope: Type.Boolean(),
  startTime: Type.String(),
  endTime: Type.String(),
  centre: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
  radius: Type.Number(),
  geofenceName: Nullable(Type.String()),
});
export type RouteStop = Static<typeof RouteStop>;

export const RouteReply = Type.Object({
  id: Type.String(),
  name: Type.String(),
  assetId: Nullable(Type.String()),
  timezone: Type.String(),
  latestLocation: Nullable(RouteLocation),
  locations: Type.Array(RouteLocation),
  trips: Type.Array(RouteTrip),
  stops: Type.Array(RouteStop),
});
export type RouteReply = Static<typeof RouteReply>;

/** GET /v1/machines/list: the machines the routes screen offers, by name. */
export const RouteMachinesQuery = Type.Object(
  {
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
    show: Type.Optional(Type.Enum(['active', 'archived', 'all'] as const)),
  },
  { additionalProperties: false },
);
export type RouteMachinesQuery = Static<typeof RouteMachinesQuery>;

export const RouteMachine = Type.Object({
  id: Type.String(),
  name: Type.String(),
  assetId: Nullable(Type.String()),
  /** When its latest usable position was, if it has one. */
  lastPositionAt: Nullable(Type.String()),
});
export type RouteMachine = Static<typeof RouteMachine>;

export const RouteMachinesReply = Type.Object({ machines: Type.Array(RouteMachine) });
export type RouteMachinesReply = Static<typeof RouteMachinesReply>;
