// GET /v1/portal/maps/heatmap and /v1/portal/maps/speedheatmap (spec point 7, "Maps"): where the
// fleet or one machine worked, and how fast it travelled there, as weighted cells of a fixed grid.
import Type, { type Static } from 'typebox';
import { Day } from './dates.ts';
import { MACHINE_SHOW } from './machines.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The grid's cell edge in degrees of latitude and of longitude: about 110 m north to south. */
export const HEAT_CELL_DEG = 0.001;
/** The longest range of one call, in days: cells are kept per machine and day. */
export const MAX_HEATMAP_DAYS = 93;
export const HEATMAP_KINDS = ['activity', 'speed'] as const;
export type HeatmapKind = (typeof HEATMAP_KINDS)[number];

export const HeatmapQuery = Type.Object(
  {
    /** Local days of the organisation, both included; both default to today. */
    start: Type.Optional(Day),
    end: Type.Optional(Day),
    /** One machine instead of the fleet. */
    machineId: Type.Optional(Type.String({ format: 'uuid' })),
    /** One device (a source's code): its machine instead of the fleet. */
    deviceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    /** The machine list's encoded filter groups, for the fleet. */
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type HeatmapQuery = Static<typeof HeatmapQuery>;

export const HeatCell = Type.Object({
  /** The cell's centre. */
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Activity: working hours in the cell. Speed: mean travelling speed there, km/h. */
  weight: Type.Number(),
  /** Activity: working seconds. Speed: travelling seconds. */
  seconds: Type.Number(),
  /** Speed only: the highest speed reported in the cell, km/h. */
  maxSpeedKmh: Nullable(Type.Number()),
});
export type HeatCell = Static<typeof HeatCell>;

export const HeatmapReply = Type.Object({
  kind: Type.Enum(HEATMAP_KINDS),
  start: Day,
  end: Day,
  cellSizeDeg: Type.Number(),
  /** The largest weight of any cell: 0 when there are none. */
  maxWeight: Type.Number(),
  cells: Type.Array(HeatCell),
});
export type HeatmapReply = Static<typeof HeatmapReply>;
