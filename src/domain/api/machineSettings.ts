// The machine details screen's own calls (spec point 7): groups, load capacity, additional
// information, hour-meter correction, fuel settings and calibration.
import Type, { type Static } from 'typebox';
import { Day, TimeZone } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** GET /v1/portal/groups: the organisation's machine groups. */
export const MachineGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  numberOfMachines: Type.Integer(),
});
export type MachineGroup = Static<typeof MachineGroup>;
export const GroupsReply = Type.Object({ groups: Type.Array(MachineGroup) });
export type GroupsReply = Static<typeof GroupsReply>;

/** POST /v1/portal/groups. */
export const GroupCreateBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80 }) },
  { additionalProperties: false },
);

/** PATCH /v1/portal/machines/:id/groups: null takes the machine out of its group. */
export const MachineGroupBody = Type.Object(
  { groupId: Nullable(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);
export type MachineGroupBody = Static<typeof MachineGroupBody>;

/** PATCH /v1/portal/machines/:id/load_capacity: tonnes a load carries; null when unknown. */
export const LoadCapacityBody = Type.Object(
  { capacity: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1000 })) },
  { additionalProperties: false },
);
export type LoadCapacityBody = Static<typeof LoadCapacityBody>;

/** PATCH .../vhm on both paths: the hour meter read `value` hours at `time`. */
export const HourMeterBody = Type.Object(
  {
    time: Type.String({ format: 'date-time' }),
    value: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    /** The zone the user read the meter in; `time` carries its own offset. */
    timezone: TimeZone,
  },
  { additionalProperties: false },
);
export type HourMeterBody = Static<typeof HourMeterBody>;

/** The additional-information form's fields, in the order the form shows them. */
export const ADDITIONAL_INFORMATION_FIELDS = [
  { key: 'fuelType', kind: 'select' },
  { key: 'emissionStandard', kind: 'select' },
  { key: 'enginePowerKw', kind: 'number' },
  { key: 'operatingWeightKg', kind: 'number' },
  { key: 'registrationNumber', kind: 'text' },
  { key: 'purchaseDate', kind: 'date' },
] as const;
export type AdditionalInformationKey = (typeof ADDITIONAL_INFORMATION_FIELDS)[number]['key'];

const Amount = Type.Number({ minimum: 0, maximum: 10_000_000 });

/**
 * PATCH /v1/portal/machines/:id/additional-information; a field left out keeps its value. The
 * service interval and next service date it once held are service plans and booked services now
 * (migration 055, docs/maintenance.md).
 */
export const AdditionalInformation = Type.Object(
  {
    fuelType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    emissionStandard: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    enginePowerKw: Type.Optional(Nullable(Amount)),
    operatingWeightKg: Type.Optional(Nullable(Amount)),
    registrationNumber: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    purchaseDate: Type.Optional(Nullable(Day)),
  },
  { additionalProperties: false },
);
export type AdditionalInformation = Static<typeof AdditionalInformation>;

/** GET /v1/portal/machines/additional-information/form-drop-down-values. */
export const FormDropDownValues = Type.Object({
  fuelType: Type.Array(Type.String()),
  emissionStandard: Type.Array(Type.String()),
  /** Fields the organisation's settings make mandatory. */
  mandatoryFields: Type.Array(Type.String()),
});
export type FormDropDownValues = Static<typeof FormDropDownValues>;

/** What the details screen edits beyond the list row, from GET /v1/portal/machines/:id. */
export const MachineSettings = Type.Object({
  groupId: Nullable(Type.String()),
  loadCapacity: Nullable(Type.Number()),
  additionalInformation: AdditionalInformation,
  /** The last hour-meter correction: when the meter was read and what it said. */
  hourMeterReading: Nullable(Type.Object({ time: Type.String(), value: Type.Number() })),
});
export type MachineSettings = Static<typeof MachineSettings>;

/** GET and PUT /v1/portal/machines/:id/fuel/settings (litres). */
export const FuelSettings = Type.Object(
  {
    min_refuelling_amount: Type.Number({ minimum: 1, maximum: 10_000 }),
    min_dipping_amount: Type.Number({ minimum: 1, maximum: 10_000 }),
  },
  { additionalProperties: false },
);
export type FuelSettings = Static<typeof FuelSettings>;

/** A tank calibration point: the sensor's level in percent and the litres it means. */
export const CalibrationPoint = Type.Object({
  levelPercent: Type.Number(),
  litres: Type.Number(),
});
export type CalibrationPoint = Static<typeof CalibrationPoint>;

/** GET /v1/portal/machines/:id/fuel/calibration; null points when none was uploaded. */
export const FuelCalibrationReply = Type.Object({
  fileName: Nullable(Type.String()),
  uploadedAt: Nullable(Type.String()),
  points: Type.Array(CalibrationPoint),
});
export type FuelCalibrationReply = Static<typeof FuelCalibrationReply>;

/** A 400 for a calibration file: every bad row, numbered as a spreadsheet numbers them. */
export interface CalibrationRowError {
  row: number;
  message: string;
}

/** GET /v1/portal/fuel/:id: local days, both included; the last 7 days when left out. */
export const FuelQuery = Type.Object(
  { startDate: Type.Optional(Day), endDate: Type.Optional(Day) },
  { additionalProperties: false },
);
export type FuelQuery = Static<typeof FuelQuery>;

const FuelEvent = Type.Object({ time: Type.String(), litres: Type.Number() });

export const FuelReply = Type.Object({
  fuelType: Type.String(),
  /** Tank level over the range, thinned to at most a few thousand points. */
  levels: Type.Array(Type.Object({ time: Type.String(), litres: Type.Number() })),
  refills: Type.Array(FuelEvent),
  thefts: Type.Array(FuelEvent),
  /** Per local day, from the rollups the list sums. */
  days: Type.Array(
    Type.Object({
      day: Type.String(),
      fuelL: Type.Number(),
      co2Kg: Type.Number(),
      estimated: Type.Boolean(),
    }),
  ),
});
export type FuelReply = Static<typeof FuelReply>;
