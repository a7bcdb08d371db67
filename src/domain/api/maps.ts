// The fleet map's calls (spec point 7, "Maps"): every machine's latest place and state, what
// changed since a moment, and the counts by state.
import Type, { type Static } from 'typebox';
import { HIRE_STATUSES } from '../constants.ts';
import { MACHINE_SHOW, RangeBound } from './machines.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What a machine is doing now: its latest activity state, unless it has gone quiet since. */
export const MAP_STATES = ['active', 'idle', 'off', 'missing', 'brokendown', 'unknown'] as const;
export type MapState = (typeof MAP_STATES)[number];

export const MapsQuery = Type.Object(
  {
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    /** FOUND: only machines with a known place. */
    telematics: Type.Optional(Type.Literal('FOUND')),
    /** The machine list's encoded filter groups. */
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    /** Only machines placed in these countries: names or ISO 3166-1 numeric codes, comma-separated. */
    countries: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type MapsQuery = Static<typeof MapsQuery>;

export const MapsLiveQuery = Type.Object(
  {
    /** The `timestamp` of the previous answer. */
    timestamp: Type.String({ format: 'date-time' }),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    telematics: Type.Optional(Type.Literal('FOUND')),
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    countries: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type MapsLiveQuery = Static<typeof MapsLiveQuery>;

export const MapMachine = Type.Object({
  id: Type.String(),
  name: Type.String(),
  assetId: Nullable(Type.String()),
  category: Nullable(Type.String()),
  type: Nullable(Type.String()),
  site: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  hiredStatus: Type.Enum(HIRE_STATUSES),
  state: Type.Enum(MAP_STATES),
  /** Since when the state holds (the latest activity segment's start), if known. */
  stateSince: Nullable(Type.String()),
  location: Nullable(
    Type.Object({ latitude: Type.Number(), longitude: Type.Number(), lastUpdated: Type.String() }),
  ),
  lastSeenAt: Nullable(Type.String()),
});
export type MapMachine = Static<typeof MapMachine>;

export const MapsReply = Type.Object({
  machines: Type.Array(MapMachine),
  /** The server's time of the answer: ask /live for what changed after it. */
  timestamp: Type.String(),
});
export type MapsReply = Static<typeof MapsReply>;

export const MapsSummaryReply = Type.Object({
  total: Type.Integer(),
  located: Type.Integer(),
  states: Type.Object(
    Object.fromEntries(MAP_STATES.map((state) => [state, Type.Integer()])) as Record<
      MapState,
      Type.TInteger
    >,
  ),
  /** With a `timestamp` asked: the machines whose place, state or last report moved since it. */
  changed: Type.Optional(Type.Integer()),
  timestamp: Type.String(),
});
export type MapsSummaryReply = Static<typeof MapsSummaryReply>;
