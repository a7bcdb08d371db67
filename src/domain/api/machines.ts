// GET /v1/portal/machines/list: query and reply shapes (spec points 3 and 7).
import Type, { type Static } from 'typebox';
import { DateTime, RangeBound, TimeZone } from './dates.ts';
import { EFFECTIVE_METER_LEADS } from './meters.ts';

export { RangeBound };
import { HIRE_STATUSES } from '../constants.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A date (yyyy-MM-dd), a date-time, or 'max' for all recorded time. */

export const MACHINE_SHOW = ['active', 'archived', 'all'] as const;
export const MACHINE_SORT_KEYS = [
  'name',
  'assetId',
  'category',
  'type',
  'site',
  'customer',
  'hiredStatus',
  'lastSeenAt',
  'outOfHours',
  'activeHours',
  'idleHours',
  'offHours',
  'totalHours',
  'idlePercentage',
  'rentalUtilisation',
  'fuelUtilisation',
  'emissionsUtilisation',
  'totalRefillEvents',
  'totalTheftEvents',
  'missingPercentage',
  'hourMeter',
] as const;
export type MachineSortKey = (typeof MACHINE_SORT_KEYS)[number];

export const MachineListQuery = Type.Object(
  {
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    /** Filter groups, see src/domain/filterQuery.ts. */
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    sort: Type.Optional(Type.Enum(MACHINE_SORT_KEYS)),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type MachineListQuery = Static<typeof MachineListQuery>;

/** Every metric arrives as an object with a value; null means no data for the range. */
export const Metric = Type.Object({ value: Nullable(Type.Number()) });
export type Metric = Static<typeof Metric>;

export const ACTIVITY_METRICS = [
  'outOfHours',
  'rentalUtilisation',
  'idleHours',
  'idlePercentage',
  'activeHours',
  'totalHours',
  'offHours',
  'workingUtilisation',
  'fuelUtilisation',
  'emissionsUtilisation',
  'tips',
  'fuelBurnRate',
  'fuelBurnPerKM',
  'operatorAvailabilityHours',
  'operatorAvailabilityPercentage',
  'totalRefillEvents',
  'avgPctTheftEvents',
  'totalTheftEvents',
  'payload',
  'missingPercentage',
] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

export const ActivitySummary = Type.Object(
  Object.fromEntries(ACTIVITY_METRICS.map((m) => [m, Metric])) as Record<
    ActivityMetric,
    typeof Metric
  >,
);
export type ActivitySummary = Static<typeof ActivitySummary>;

export const MachineSource = Type.Object({
  type: Type.String(),
  code: Type.String(),
  shortCode: Nullable(Type.String()),
  hours: Nullable(Type.Number()),
});

/** A machine list row as sent on the wire: note `assetID`, which the portal reads as assetId. */
export const MachineRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  assetID: Nullable(Type.String()),
  sources: Type.Array(MachineSource),
  hasActivity: Type.Boolean(),
  isLearning: Type.Boolean(),
  lastSeenAt: Nullable(Type.String({ format: 'date-time' })),
  imageUrl: Nullable(Type.String()),
  type: Nullable(Type.String()),
  category: Nullable(Type.String()),
  hiredStatus: Type.Enum(HIRE_STATUSES),
  customer: Nullable(Type.String()),
  site: Nullable(Type.String()),
  oem: Nullable(Type.String()),
  group: Nullable(Type.String()),
  manufacturingYear: Nullable(Type.Integer()),
  ownershipType: Nullable(Type.String()),
  owner: Nullable(Type.String()),
  note: Nullable(Type.String()),
  contractNumber: Nullable(Type.String()),
  hourMeter: Nullable(Type.Number()),
  /** Where hourMeter comes from, and the reading it counts on from (issue 41). */
  hourMeterSource: Nullable(Type.Enum(EFFECTIVE_METER_LEADS)),
  hourMeterReadAt: Nullable(DateTime),
  /** Two of the meter's sources disagree past the owner's threshold; a customer sees false. */
  meterDrifting: Type.Boolean(),
  /** The overdue safety-critical task that marks it not to be used (issue 42); null when none. */
  notToBeUsed: Nullable(Type.String()),
  archived: Nullable(Type.String({ format: 'date-time' })),
  breakdown: Type.Boolean(),
  operator: Nullable(Type.Object({ operator: Type.String(), assignedAt: Type.String() })),
  location: Nullable(
    Type.Object({ latitude: Type.Number(), longitude: Type.Number(), lastUpdated: Type.String() }),
  ),
  activitySummary: ActivitySummary,
});
export type MachineRow = Static<typeof MachineRow>;

/** The list's summary: the same metrics as a row, over the whole filtered fleet. */
export const MachineListSummary = Type.Object({
  numberOfMachines: Metric,
  onHire: Metric,
  withActivity: Metric,
  ...ActivitySummary.properties,
});
export type MachineListSummary = Static<typeof MachineListSummary>;

export const MachineListReply = Type.Object({
  machines: Type.Array(MachineRow),
  summary: MachineListSummary,
  /** Number of machines matching the query before paging. */
  total: Type.Integer(),
});
export type MachineListReply = Static<typeof MachineListReply>;

/** PUT /v1/portal/machines/:id/breakdown: flags a machine broken down, or back in service. */
export const MachineBreakdownBody = Type.Object(
  {
    breakdown: Type.Boolean(),
    /** When it broke down or was repaired; now when left out. Not in the future. */
    at: Type.Optional(Type.String({ format: 'date-time' })),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type MachineBreakdownBody = Static<typeof MachineBreakdownBody>;

export const MachineBreakdownReply = Type.Object({
  machineId: Type.String(),
  breakdown: Type.Boolean(),
  /** The period this call opened or closed. */
  from: Type.String({ format: 'date-time' }),
  to: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const Text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** PUT /v1/machines/:id: the machine's descriptors; a field left out keeps its value. */
export const MachineUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    assetId: Type.Optional(Text(60)),
    category: Type.Optional(Text(60)),
    type: Type.Optional(Text(80)),
    oem: Type.Optional(Text(80)),
    model: Type.Optional(Text(80)),
    manufacturingYear: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1950, maximum: 2100 }), Type.Null()]),
    ),
    ownershipType: Type.Optional(Text(60)),
    owner: Type.Optional(Text(120)),
    group: Type.Optional(Text(80)),
    note: Type.Optional(Text(2000)),
    pin: Type.Optional(Text(40)),
    serialNumber: Type.Optional(Text(60)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type MachineUpdateBody = Static<typeof MachineUpdateBody>;

/**
 * PUT /v1/machines/:id/operator: who operates the machine from now on (null: nobody assigned; an
 * operator key the tracker reports later still shows). `nameKey` also gives the name to the key
 * the machine's tracker reports now, so that key shows as this operator wherever it is used.
 */
export const MachineOperatorBody = Type.Object(
  {
    operator: Nullable(Type.String({ minLength: 1, maxLength: 100 })),
    nameKey: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MachineOperatorBody = Static<typeof MachineOperatorBody>;

/** POST /v1/machines/:id/archive: when it left the fleet; now when left out. */
export const MachineArchiveBody = Type.Object(
  {
    time: Type.Optional(Type.String({ format: 'date-time' })),
    /** The zone the user entered the time in; the time itself carries its offset. */
    timezone: Type.Optional(TimeZone),
  },
  { additionalProperties: false },
);
