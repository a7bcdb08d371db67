// The sensor calls (issue 17, our design in the spec's style): every source of the organisation
// with its health at /v1/portal/sensors, and the fleet's device health at a glance.
import Type, { type Static } from 'typebox';
import { BATTERY_STATUSES, SIGNAL_STATUSES, SOURCE_STATUSES } from '../devices.ts';
import { DateTime } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SENSOR_SORTS = [
  'code',
  'type',
  'machineName',
  'lastSeenAt',
  'status',
  'batteryV',
  'signalBars',
] as const;

export const SensorRecord = Type.Object({
  id: Type.String(),
  /** TELTONIKA, LORA, DIGITALMATTER, CELLULAR, PLINX, or an OEM feed's name. */
  type: Type.String(),
  code: Type.String(),
  shortCode: Nullable(Type.String()),
  /** An OEM unit: hours from the manufacturer's feed, no battery or signal. */
  oem: Type.Boolean(),
  machineId: Nullable(Type.String()),
  machineName: Nullable(Type.String()),
  machineAssetId: Nullable(Type.String()),
  /** The equipment asset a location-only tracker is on, instead of a machine. */
  equipmentAssetId: Nullable(Type.String()),
  equipmentAssetName: Nullable(Type.String()),
  firstSeenAt: Nullable(DateTime),
  lastSeenAt: Nullable(DateTime),
  status: Type.Enum(SOURCE_STATUSES),
  outOfServiceAt: Nullable(DateTime),
  expectedIntervalS: Type.Integer(),
  batteryV: Nullable(Type.Number()),
  batteryStatus: Nullable(Type.Enum(BATTERY_STATUSES)),
  batteryAt: Nullable(DateTime),
  /** 0 to 5 bars, from RSSI and SNR (LoRaWAN) or the modem's level (cellular). */
  signalBars: Nullable(Type.Integer()),
  signalStatus: Nullable(Type.Enum(SIGNAL_STATUSES)),
  rssiDbm: Nullable(Type.Number()),
  snrDb: Nullable(Type.Number()),
  gsmLevel: Nullable(Type.Integer()),
  signalAt: Nullable(DateTime),
});
export type SensorRecord = Static<typeof SensorRecord>;

export const SensorListQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type SensorListQuery = Static<typeof SensorListQuery>;

export const SensorListReply = Type.Array(SensorRecord);

/** What the filter of GET /v1/portal/sensors takes (JSON in `filter`). */
export interface SensorListFilter {
  q?: string;
  type?: string;
  status?: SensorRecord['status'];
  batteryStatus?: NonNullable<SensorRecord['batteryStatus']>;
  signalStatus?: NonNullable<SensorRecord['signalStatus']>;
  /** Sensors on a machine or an asset (true), or spare ones (false). */
  assigned?: boolean;
  machineId?: string;
}

export const SENSOR_HEALTH_COUNTS = [
  'total',
  'reporting',
  'late',
  'silent',
  'never',
  'outOfService',
  'lowBattery',
  'weakSignal',
  'unassigned',
] as const;
export type SensorHealthCount = (typeof SENSOR_HEALTH_COUNTS)[number];

/** How many days of trend the dashboard draws. */
export const SENSOR_TREND_DAYS = 30;

export const SensorDashboardReply = Type.Object({
  counts: Type.Object(
    Object.fromEntries(SENSOR_HEALTH_COUNTS.map((key) => [key, Type.Integer()])) as Record<
      SensorHealthCount,
      Type.TInteger
    >,
  ),
  /** The devices most in need of a visit, worst first. */
  worst: Type.Array(Type.Object({ sensor: SensorRecord, problems: Type.Array(Type.String()) })),
  /** Per UTC day: devices that reported, those whose battery was low, mean battery and signal. */
  trend: Type.Array(
    Type.Object({
      day: Type.String({ format: 'date' }),
      reporting: Type.Integer(),
      lowBattery: Type.Integer(),
      weakSignal: Type.Integer(),
      meanSignalBars: Nullable(Type.Number()),
    }),
  ),
});
export type SensorDashboardReply = Static<typeof SensorDashboardReply>;

/** POST /v1/portal/sensors/{id}/out-of-service and …/in-service: from when (default now). */
export const SensorServiceBody = Type.Object(
  {
    at: Type.Optional(DateTime),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' })),
  },
  { additionalProperties: false },
);
export type SensorServiceBody = Static<typeof SensorServiceBody>;

export const FUEL_ATTACHMENT_TYPES = ['TANK_LEVEL', 'FLOW_METER'] as const;
/** The largest tank a machine carries, with a wide margin (a mining truck's is about 5,000 l). */
export const MAX_TANK_CAPACITY_L = 100_000;

/** A local date-time (read in the body's time zone) or an instant with its offset. */
const LocalOrInstant = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?$',
  maxLength: 40,
});
const TankCapacity = Type.Number({ exclusiveMinimum: 0, maximum: MAX_TANK_CAPACITY_L });

/** POST /v1/portal/sensors/attachment (spec point 3): the sensor's whole list of attachments. */
export const SensorAttachmentBody = Type.Object(
  {
    sourceId: Type.String({ format: 'uuid' }),
    enableFuel: Type.Boolean(),
    fuelAttachment: Type.Array(
      Type.Object(
        {
          /** Present: that attachment, changed; absent: a new one. */
          id: Type.Optional(Type.String({ format: 'uuid' })),
          type: Type.Enum(FUEL_ATTACHMENT_TYPES),
          start: LocalOrInstant,
          tankCapacity: TankCapacity,
          serialNumber: Type.Optional(Type.String({ maxLength: 100 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
    timezone: Type.String({ format: 'time-zone', maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type SensorAttachmentBody = Static<typeof SensorAttachmentBody>;

export const FuelAttachment = Type.Object({
  id: Type.String(),
  type: Type.Enum(FUEL_ATTACHMENT_TYPES),
  start: DateTime,
  tankCapacity: Type.Number(),
  serialNumber: Nullable(Type.String()),
});
export type FuelAttachment = Static<typeof FuelAttachment>;

export const SensorAttachmentReply = Type.Object({
  sourceId: Type.String(),
  enableFuel: Type.Boolean(),
  fuelAttachment: Type.Array(FuelAttachment),
});
export type SensorAttachmentReply = Static<typeof SensorAttachmentReply>;

/** PATCH /v1/portal/sensors/attachment/{id}/tank-capacity. */
export const TankCapacityBody = Type.Object(
  { tankCapacity: TankCapacity },
  { additionalProperties: false },
);
export type TankCapacityBody = Static<typeof TankCapacityBody>;

/**
 * GET /v1/portal/qr/{code}: where a device's label leads. `machine`: its machine; `onboard`: the
 * device waits to be put on a machine; `elsewhere` (staff only): on another organisation's machine.
 */
export const QrTargetReply = Type.Object({
  target: Type.Enum(['machine', 'asset', 'onboard', 'elsewhere'] as const),
  code: Type.String(),
  machineId: Nullable(Type.String()),
  machineName: Nullable(Type.String()),
  /** For `asset`: the equipment asset the tracker is on. */
  equipmentAssetId: Nullable(Type.String()),
  organisationName: Nullable(Type.String()),
});
export type QrTargetReply = Static<typeof QrTargetReply>;

/** The most labels one sheet request prints. */
export const MAX_LABELS = 200;

/** POST /v1/admin/sensors/labels: a PDF of QR labels for these device codes. */
export const LabelSheetBody = Type.Object(
  {
    codes: Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }), {
      minItems: 1,
      maxItems: MAX_LABELS,
    }),
  },
  { additionalProperties: false },
);
export type LabelSheetBody = Static<typeof LabelSheetBody>;
