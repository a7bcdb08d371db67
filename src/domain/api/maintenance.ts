// Maintenance (issue 42, docs/maintenance.md): service plans by engine hours, calendar and distance,
// each machine's tasks with their due points, and its service records.
import Type, { type Static } from 'typebox';
import { Day, DateTime } from './dates.ts';
import { EFFECTIVE_METER_LEADS } from './meters.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });

/** ok; dueSoon: within the task's margin of hours or days; overdue: past its due point. */
export const SERVICE_STATUSES = ['ok', 'dueSoon', 'overdue'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const DEFAULT_DUE_SOON_H = 25;
export const DEFAULT_DUE_SOON_DAYS = 14;

const Name = Type.String({ minLength: 1, maxLength: 120 });
const Names = Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 100 });

/** A plan template's terms: whichever interval comes first, and what it applies to. */
const planTerms = {
  name: Name,
  /** Engine hours on the leading meter between services. */
  intervalH: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }))),
  /** Calendar days, or months, between services: one of the two. */
  intervalDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 3660 }))),
  intervalMonths: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 120 }))),
  /** Kilometres travelled between services. */
  intervalKm: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }))),
  /** How near the due point a task is due soon: hours, and days. */
  dueSoonH: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
  dueSoonDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  /** An overdue safety-critical task (a thorough examination) marks the machine not to be used. */
  safetyCritical: Type.Optional(Type.Boolean()),
  /** What the plan applies to: machines of these categories or models, and these machines. */
  categories: Type.Optional(Names),
  models: Type.Optional(Names),
  machineIds: Type.Optional(Type.Array(Uuid, { maxItems: 10_000 })),
};

export const ServicePlanBody = Type.Object(planTerms, { additionalProperties: false });
export type ServicePlanBody = Static<typeof ServicePlanBody>;

export const ServicePlanPatch = Type.Partial(ServicePlanBody);
export type ServicePlanPatch = Static<typeof ServicePlanPatch>;

export const ServicePlan = Type.Object({
  id: Type.String(),
  name: Type.String(),
  intervalH: Nullable(Type.Number()),
  intervalDays: Nullable(Type.Integer()),
  intervalMonths: Nullable(Type.Integer()),
  intervalKm: Nullable(Type.Number()),
  dueSoonH: Type.Number(),
  dueSoonDays: Type.Integer(),
  safetyCritical: Type.Boolean(),
  categories: Type.Array(Type.String()),
  models: Type.Array(Type.String()),
  machineIds: Type.Array(Type.String()),
  /** How many of the organisation's machines it applies to now. */
  machineCount: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type ServicePlan = Static<typeof ServicePlan>;

/** What a plan may apply to: the categories and models of the organisation's machines. */
export const ServicePlanChoices = Type.Object({
  categories: Type.Array(Type.String()),
  models: Type.Array(Type.String()),
});
export type ServicePlanChoices = Static<typeof ServicePlanChoices>;

/** A machine × task with its due point (GET /v1/portal/maintenance). */
export const MaintenanceRow = Type.Object({
  /** `${machineId}:${planId}`: react-admin's row id. */
  id: Type.String(),
  machineId: Type.String(),
  machineName: Type.String(),
  /** The caller's own machine; false for one on hire to it, whose services its owner records. */
  own: Type.Boolean(),
  assetId: Nullable(Type.String()),
  category: Nullable(Type.String()),
  site: Nullable(Type.String()),
  planId: Type.String(),
  task: Type.String(),
  safetyCritical: Type.Boolean(),
  status: Type.Enum(SERVICE_STATUSES),
  /** The machine's meter now, and where it comes from. */
  meterH: Nullable(Type.Number()),
  meterSource: Nullable(Type.Enum(EFFECTIVE_METER_LEADS)),
  lastDoneDay: Nullable(Day),
  lastDoneMeterH: Nullable(Type.Number()),
  nextDueMeterH: Nullable(Type.Number()),
  nextDueDay: Nullable(Day),
  nextDueKm: Nullable(Type.Number()),
  remainingH: Nullable(Type.Number()),
  remainingDays: Nullable(Type.Integer()),
  remainingKm: Nullable(Type.Number()),
  /** The earlier of the calendar's due day and the hours' due day at the machine's own pace. */
  forecastDay: Nullable(Day),
  /** Engine hours a day over the last 30 days; null when too little data to forecast. */
  dailyHours: Nullable(Type.Number()),
});
export type MaintenanceRow = Static<typeof MaintenanceRow>;

export const SERVICE_RECORD_STATES = ['open', 'done'] as const;
export type ServiceRecordState = (typeof SERVICE_RECORD_STATES)[number];

/** A service of a machine: booked (open) or done. */
const serviceTerms = {
  /** The task it serves: one of the organisation's plans; null for a service outside them. */
  planId: Type.Optional(Nullable(Uuid)),
  status: Type.Optional(Type.Enum(SERVICE_RECORD_STATES)),
  /** When it was done; now when a done service leaves it out. Not in the future. */
  doneAt: Type.Optional(Nullable(DateTime)),
  /** The machine's meter at the service (its lifetime count); read off the meter when left out. */
  meterH: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000_000 }))),
  distanceKm: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100_000_000 }))),
  performedBy: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  cost: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100_000_000 }))),
  parts: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  /** Invoices and photos filed through the files module. */
  fileIds: Type.Optional(Type.Array(Uuid, { maxItems: 20 })),
};

export const ServiceBody = Type.Object(serviceTerms, { additionalProperties: false });
export type ServiceBody = Static<typeof ServiceBody>;

export const ServiceRecord = Type.Object({
  id: Type.String(),
  machineId: Type.String(),
  planId: Nullable(Type.String()),
  task: Nullable(Type.String()),
  status: Type.Enum(SERVICE_RECORD_STATES),
  doneAt: Nullable(DateTime),
  meterH: Nullable(Type.Number()),
  distanceKm: Nullable(Type.Number()),
  performedBy: Nullable(Type.String()),
  /** The owner's own: null for a customer. */
  notes: Nullable(Type.String()),
  cost: Nullable(Type.Number()),
  parts: Nullable(Type.String()),
  fileIds: Type.Array(Type.String()),
  /** The attached files' names, to show and download (the owner's own). */
  files: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  userName: Nullable(Type.String()),
  createdAt: DateTime,
});
export type ServiceRecord = Static<typeof ServiceRecord>;
