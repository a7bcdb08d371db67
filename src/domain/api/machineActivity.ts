// GET /v1/portal/machines/:id and GET /v1/machines/:id/activity: one machine, and its day-by-day
// activity timeline (spec point 7, "Machines portal" and "Machines general").
import Type, { type Static } from 'typebox';
import { Day, RangeBound } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DATE = Day;

export const ACTIVITY_STATES = ['active', 'idle', 'off', 'missing', 'brokendown'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** The longest timeline one call returns, in days. */
export const MAX_ACTIVITY_DAYS = 92;

export const MachineDetailsQuery = Type.Object(
  {
    /** The range the activity summary covers, as on the list; all recorded time by default. */
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
  },
  { additionalProperties: false },
);

export const MachineActivityQuery = Type.Object(
  {
    startDate: DATE,
    endDate: DATE,
    /** Adds the ground speed the machine reported, for the speed chart. */
    speed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MachineActivityQuery = Static<typeof MachineActivityQuery>;

export const ActivitySegment = Type.Object({
  state: Type.Enum([...ACTIVITY_STATES]),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
});
export type ActivitySegment = Static<typeof ActivitySegment>;

export const ActivityDay = Type.Object({
  date: DATE,
  segments: Type.Array(ActivitySegment),
  /** Hours by state, from the segments shown. */
  activeHours: Type.Number(),
  idleHours: Type.Number(),
  offHours: Type.Number(),
  missingHours: Type.Number(),
  brokendownHours: Type.Number(),
  /** From the daily rollup; null where the caller sees only part of the day (a hire's first or last day). */
  outOfHours: Nullable(Type.Number()),
  fuelL: Nullable(Type.Number()),
  fuelEstimated: Type.Boolean(),
  co2Kg: Nullable(Type.Number()),
  distanceKm: Nullable(Type.Number()),
  trips: Nullable(Type.Integer()),
  refills: Nullable(Type.Integer()),
  thefts: Nullable(Type.Integer()),
  /** Present with speed=true: each reported ground speed. */
  speeds: Type.Optional(Type.Array(Type.Object({ time: Type.String(), kmh: Type.Number() }))),
});
export type ActivityDay = Static<typeof ActivityDay>;

export const MachineActivityReply = Type.Object({
  machineId: Type.String(),
  timezone: Type.String(),
  days: Type.Array(ActivityDay),
});
export type MachineActivityReply = Static<typeof MachineActivityReply>;
