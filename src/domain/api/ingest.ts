// POST /v1/ingest/records: the generic JSON ingest for gateways, cellular and PLINX devices and integrations.
import Type, { type Static } from 'typebox';

const Optional = <T extends Type.TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

export const GenericRecord = Type.Object(
  {
    deviceTime: Type.String({ format: 'date-time' }),
    latitude: Optional(Type.Number()),
    longitude: Optional(Type.Number()),
    altitudeM: Optional(Type.Number()),
    speedKmh: Optional(Type.Number({ minimum: 0 })),
    headingDeg: Optional(Type.Number()),
    satellites: Optional(Type.Integer({ minimum: 0, maximum: 255 })),
    hdop: Optional(Type.Number({ minimum: 0 })),
    ignition: Optional(Type.Boolean()),
    movement: Optional(Type.Boolean()),
    engineRunning: Optional(Type.Boolean()),
    engineRpm: Optional(Type.Number({ minimum: 0 })),
    hourMeterH: Optional(Type.Number({ minimum: 0 })),
    odometerM: Optional(Type.Number({ minimum: 0 })),
    fuelLevelL: Optional(Type.Number({ minimum: 0 })),
    fuelLevelPct: Optional(Type.Number({ minimum: 0, maximum: 100 })),
    fuelUsedL: Optional(Type.Number({ minimum: 0 })),
    fuelRateLh: Optional(Type.Number({ minimum: 0 })),
    externalVoltageV: Optional(Type.Number()),
    digitalInputs: Optional(Type.Integer({ minimum: 0 })),
    activityLevel: Optional(Type.Number({ minimum: 0, maximum: 100 })),
    batteryV: Optional(Type.Number()),
    temperatureC: Optional(Type.Number()),
    operatingHoursH: Optional(Type.Number({ minimum: 0 })),
    idleHoursH: Optional(Type.Number({ minimum: 0 })),
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
  invalid: Type.Integer(),
});

export const SourceKeyReply = Type.Object({
  sourceId: Type.String(),
  /** Shown once: only its hash is kept. */
  apiKey: Type.String(),
});
