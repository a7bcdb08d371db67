// GET /v1/portal/maps/cycles/{id}: one machine's work cycles over a range, found in its stops and
// trips (docs/activity.md, "Work cycles"), each cycle and each route between two places.
import Type, { type Static } from 'typebox';
import { Day } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Stops further apart than this, outside every site, are different places. */
export const CYCLE_PLACE_RADIUS_M = 100;
/** A stop at the dumping place longer than this is not tipping: the machine was parked. */
export const MAX_DUMPING_S = 3600;

export const WorkCyclesQuery = Type.Object(
  {
    /** Local days of the machine's owner, both included; both default to today. */
    start: Type.Optional(Day),
    end: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type WorkCyclesQuery = Static<typeof WorkCyclesQuery>;

export const CyclePlace = Type.Object({
  /** The site whose geofence holds the place; null outside every site. */
  name: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
});
export type CyclePlace = Static<typeof CyclePlace>;

export const WorkCycle = Type.Object({
  loadingPlace: CyclePlace,
  dumpingPlace: CyclePlace,
  /** Leaving the loading place, and back at it. */
  startTime: Type.String(),
  endTime: Type.String(),
  /** haulS + dumpingS + returnS. */
  durationS: Type.Number(),
  /** The stop at the loading place before leaving; null when it was longer than an hour (parked). */
  loadingS: Nullable(Type.Number()),
  haulS: Type.Number(),
  dumpingS: Type.Number(),
  returnS: Type.Number(),
  distanceM: Type.Number(),
  /** The machine's load capacity, tonnes: what one cycle carries; null when not set. */
  payloadT: Nullable(Type.Number()),
});
export type WorkCycle = Static<typeof WorkCycle>;

export const CycleRoute = Type.Object({
  loadingPlace: CyclePlace,
  dumpingPlace: CyclePlace,
  cycles: Type.Integer(),
  meanDurationS: Type.Number(),
  minDurationS: Type.Number(),
  maxDurationS: Type.Number(),
  meanDistanceM: Type.Number(),
  /** Tonnes moved: cycles times the load capacity; null when it is not set. */
  payloadT: Nullable(Type.Number()),
});
export type CycleRoute = Static<typeof CycleRoute>;

export const WorkCyclesReply = Type.Object({
  id: Type.String(),
  name: Type.String(),
  assetId: Nullable(Type.String()),
  timezone: Type.String(),
  loadCapacityT: Nullable(Type.Number()),
  cycles: Type.Array(WorkCycle),
  routes: Type.Array(CycleRoute),
});
export type WorkCyclesReply = Static<typeof WorkCyclesReply>;
