// One machine's read-only views (spec point 7): details with settings, health, profile, the activity
// summary of a range and its work pattern.
import Type, { type Static } from 'typebox';
import { Day } from './dates.ts';
import { ActivitySummary, MachineRow } from './machines.ts';
import { MachineSettings } from './machineSettings.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** GET /v1/portal/machines/:id: the list's row, its location, and what the details screen edits. */
export const MachineDetailsReply = Type.Object({
  ...MachineRow.properties,
  settings: MachineSettings,
  /** Whether the caller may change the machine: the owner's users other than viewers. */
  canEdit: Type.Boolean(),
});
export type MachineDetailsReply = Static<typeof MachineDetailsReply>;

export const SOURCE_STATUSES = ['reporting', 'silent', 'never'] as const;

/** GET /v1/portal/machines/:id/health: each source and what its latest record says. */
export const MachineHealthReply = Type.Object({
  machineId: Type.String(),
  sources: Type.Array(
    Type.Object({
      type: Type.String(),
      code: Type.String(),
      shortCode: Nullable(Type.String()),
      /** Reporting: heard within 24 hours; silent: heard before; never: not yet. */
      status: Type.Enum(SOURCE_STATUSES),
      lastSeenAt: Nullable(Type.String()),
      expectedIntervalS: Type.Integer(),
      /** Records received in the last 24 hours against what the interval expects, in percent. */
      reportingPercentage: Nullable(Type.Number()),
      externalVoltageV: Nullable(Type.Number()),
      batteryV: Nullable(Type.Number()),
      satellites: Nullable(Type.Number()),
      /** Share of the last 24 hours' records refused as invalid, in percent. */
      invalidPercentage: Nullable(Type.Number()),
    }),
  ),
});
export type MachineHealthReply = Static<typeof MachineHealthReply>;

/** GET /v1/machines/:id/profile: what the machine is. */
export const MachineProfileReply = Type.Object({
  id: Type.String(),
  name: Type.String(),
  assetId: Nullable(Type.String()),
  oem: Nullable(Type.String()),
  model: Nullable(Type.String()),
  serialNumber: Nullable(Type.String()),
  pin: Nullable(Type.String()),
  manufacturingYear: Nullable(Type.Integer()),
  category: Nullable(Type.String()),
  type: Nullable(Type.String()),
  fuelType: Type.String(),
  group: Nullable(Type.String()),
  ownershipType: Nullable(Type.String()),
  owner: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  timezone: Type.String(),
  loadCapacity: Nullable(Type.Number()),
  createdAt: Type.String(),
  firstDataDay: Nullable(Type.String()),
});
export type MachineProfileReply = Static<typeof MachineProfileReply>;

/** GET /v1/portal/machines/:id/activity/summary: the list's metrics of one machine for a range. */
export const MachineActivitySummaryReply = Type.Object({
  machineId: Type.String(),
  start: Type.String(),
  end: Type.String(),
  activitySummary: ActivitySummary,
});
export type MachineActivitySummaryReply = Static<typeof MachineActivitySummaryReply>;

export const WorkActivityQuery = Type.Object(
  { startDate: Type.Optional(Day), endDate: Type.Optional(Day) },
  { additionalProperties: false },
);
export type WorkActivityQuery = Static<typeof WorkActivityQuery>;

/**
 * GET /v1/machines/:id/work_activity: when in the week the machine works. Active and idle hours in
 * each hour of each weekday (Monday first) over the range, in the machine's time zone.
 */
export const WorkActivityReply = Type.Object({
  machineId: Type.String(),
  timezone: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  /** [weekday 0 = Monday][hour 0..23]. */
  activeHours: Type.Array(Type.Array(Type.Number())),
  idleHours: Type.Array(Type.Array(Type.Number())),
});
export type WorkActivityReply = Static<typeof WorkActivityReply>;
