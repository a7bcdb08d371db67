// Hour meters (issue 41, docs/rental.md "Hour meters"): each machine's meter as a series of readings
// from its sources, which source leads, and whether two sources drift apart.
import Type, { type Static } from 'typebox';
import { DateTime } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** oem: the OEM feed's cumulative operating hours; tracker: the tracker's engine-hours value (CAN
 * or its own count); manual: read off the machine by a person. */
export const METER_SOURCES = ['oem', 'tracker', 'manual'] as const;
export type MeterSource = (typeof METER_SOURCES)[number];

/** Which source leads: automatic is OEM, then tracker, then computed. Computed is the last manual
 * reading plus the engine's own active and idle hours since. */
export const METER_LEADS = ['automatic', 'oem', 'tracker', 'computed'] as const;
export type MeterLead = (typeof METER_LEADS)[number];
export const EFFECTIVE_METER_LEADS = ['oem', 'tracker', 'computed'] as const;
export type EffectiveMeterLead = (typeof EFFECTIVE_METER_LEADS)[number];

export const METER_READING_KINDS = [
  'reading',
  'replacement',
  'rollover',
  'reset',
  'correction',
] as const;
export type MeterReadingKind = (typeof METER_READING_KINDS)[number];

export const MAX_METER_VALUE_H = 1_000_000;
/** The organisation's drift threshold when it sets none: 2 h or 2 % of the hours counted, over 30 days. */
export const DEFAULT_METER_DRIFT_H = 2;
export const DEFAULT_METER_DRIFT_PERCENT = 2;
export const METER_DRIFT_WINDOW_DAYS = 30;

/** POST /v1/portal/machines/:id/meter-readings. */
export const MeterReadingBody = Type.Object(
  {
    valueH: Type.Number({ minimum: 0, maximum: MAX_METER_VALUE_H }),
    readAt: DateTime,
    /** manual when absent. */
    source: Type.Optional(Type.Enum(METER_SOURCES)),
    /** A new meter was fitted: it started at startingValueH and now shows valueH. */
    replacement: Type.Optional(
      Type.Object(
        { startingValueH: Type.Number({ minimum: 0, maximum: MAX_METER_VALUE_H }) },
        { additionalProperties: false },
      ),
    ),
    /** The meter passed its last digit (9,999.9 to 0 on a five-digit meter) since the last reading. */
    rollover: Type.Optional(Type.Boolean()),
    /** A photo of the meter, uploaded through the machine's files. */
    fileId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  },
  { additionalProperties: false },
);
export type MeterReadingBody = Static<typeof MeterReadingBody>;

export const MeterReading = Type.Object({
  id: Type.String(),
  source: Type.Enum(METER_SOURCES),
  kind: Type.Enum(METER_READING_KINDS),
  readAt: DateTime,
  /** What the meter showed. */
  valueH: Type.Number(),
  /** The machine's lifetime engine hours on this source's count: never goes down. */
  lifetimeH: Type.Number(),
  startingValueH: Nullable(Type.Number()),
  /** Read before an earlier-recorded later reading: kept, changes nothing after it. */
  outOfOrder: Type.Boolean(),
  fileId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  createdAt: DateTime,
});
export type MeterReading = Static<typeof MeterReading>;

/** A source's latest reading. */
export const MeterSourceState = Type.Object({
  source: Type.Enum(METER_SOURCES),
  valueH: Type.Number(),
  lifetimeH: Type.Number(),
  readAt: DateTime,
  /** This source's lifetime count minus the leading one's at the same moment. */
  offsetH: Nullable(Type.Number()),
});
export type MeterSourceState = Static<typeof MeterSourceState>;

export const MeterDrift = Type.Object({
  /** The largest disagreement in hours counted over the window, between a source and the engine's count. */
  hours: Type.Number(),
  source: Type.Enum(METER_SOURCES),
  /** Hours the engine counted over the same readings' window. */
  countedH: Type.Number(),
  thresholdH: Type.Number(),
  flagged: Type.Boolean(),
});
export type MeterDrift = Static<typeof MeterDrift>;

/** GET /v1/portal/machines/:id/meter-readings. */
export const MeterReply = Type.Object({
  lead: Type.Enum(METER_LEADS),
  effectiveLead: Type.Enum(METER_LEADS),
  /** The meter now: the leading source's last reading plus the engine's hours since. */
  hourMeter: Nullable(
    Type.Object({
      valueH: Type.Number(),
      source: Type.Enum(METER_LEADS),
      /** The reading the figure starts from. */
      readAt: DateTime,
    }),
  ),
  sources: Type.Array(MeterSourceState),
  drift: Nullable(MeterDrift),
  /** Newest first, at most 200. */
  readings: Type.Array(MeterReading),
});
export type MeterReply = Static<typeof MeterReply>;

export const MeterLeadBody = Type.Object(
  { lead: Type.Enum(METER_LEADS) },
  { additionalProperties: false },
);
export type MeterLeadBody = Static<typeof MeterLeadBody>;

/** GET /v1/admin/machines/meter-drift: the machines whose meters drift, for staff. */
export const DriftingMeter = Type.Object({
  machineId: Type.String(),
  machineName: Type.String(),
  assetId: Nullable(Type.String()),
  organisationId: Type.String(),
  organisationName: Type.String(),
  driftH: Type.Number(),
});
export type DriftingMeter = Static<typeof DriftingMeter>;
