// POST /v1/ingest/records: the generic JSON ingest for gateways, cellular and PLINX devices and integrations.
import Type, { type Static } from 'typebox';

const Optional = <T extends Type.TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * One record. Types are checked here; ranges are not, since one record's impossible value must not
 * refuse its neighbours: the ingest sets such a value aside and says so in the reply.
 */
export const GenericRecord = Type.Object(
  {
    /** Any real instant: a time before 2000 or in the future is stored, flagged as invalid. */
    deviceTime: Type.String({ format: 'device-time', maxLength: 40 }),
    latitude: Optional(Type.Number()),
    longitude: Optional(Type.Number()),
    altitudeM: Optional(Type.Number()),
    speedKmh: Optional(Type.Number()),
    headingDeg: Optional(Type.Number()),
    satellites: Optional(Type.Integer()),
    hdop: Optional(Type.Number()),
    ignition: Optional(Type.Boolean()),
    movement: Optional(Type.Boolean()),
    engineRunning: Optional(Type.Boolean()),
    engineRpm: Optional(Type.Number()),
    hourMeterH: Optional(Type.Number()),
    odometerM: Optional(Type.Number()),
    fuelLevelL: Optional(Type.Number()),
    fuelLevelPct: Optional(Type.Number()),
    fuelUsedL: Optional(Type.Number()),
    fuelRateLh: Optional(Type.Number()),
    externalVoltageV: Optional(Type.Number()),
    digitalInputs: Optional(Type.Integer()),
    activityLevel: Optional(Type.Number()),
    batteryV: Optional(Type.Number()),
    temperatureC: Optional(Type.Number()),
    rssiDbm: Optional(Type.Number()),
    snrDb: Optional(Type.Number()),
    gsmLevel: Optional(Type.Integer()),
    operatingHoursH: Optional(Type.Number()),
    idleHoursH: Optional(Type.Number()),
    /** Any other values, kept raw. */
    io: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()]))),
  },
  { additionalProperties: false },
);
export type GenericRecord = Static<typeof GenericRecord>;

export const IngestRecordsBody = Type.Object(
  { records: Type.Array(GenericRecord, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type IngestRecordsBody = Static<typeof IngestRecordsBody>;

export const IngestRecordsReply = Type.Object({
  stored: Type.Integer(),
  duplicates: Type.Integer(),
  /** Stored, but flagged as unusable (a time in the future or before 2000). */
  invalid: Type.Integer(),
  /** Could not be stored even alone: kept in quarantine for staff, and not to be sent again. */
  quarantined: Type.Integer(),
  refused: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
  /** Stored without these values, which no device can report; the raw values are kept in io. */
  setAside: Type.Array(Type.Object({ index: Type.Integer(), fields: Type.Array(Type.String()) })),
});

export type SourceKeyReply = Static<typeof SourceKeyReply>;
export const SourceKeyReply = Type.Object({
  sourceId: Type.String(),
  /** Shown once: only its hash is kept. */
  apiKey: Type.String(),
});
