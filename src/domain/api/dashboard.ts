// GET /v1/portal/dashboard: query and reply shapes (spec points 3 and 7, "Dashboard data").
import Type, { type Static } from 'typebox';
import { FILTER_CATEGORIES } from '../filters.ts';
import { MachineListSummary, Metric, RangeBound } from './machines.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const HISTORY_TYPES = ['fuel', 'co2'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
export const HISTORY_INTERVALS = ['day', 'week', 'month'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];

/** The filter groups that may also be given as `group=key` pairs, besides the encoded `filter`. */
export const DASHBOARD_FILTER_GROUPS = [
  ...FILTER_CATEGORIES.map((c) => c.key),
  'category',
] as const;
export type DashboardFilterGroup = (typeof DASHBOARD_FILTER_GROUPS)[number];

const Keys = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 });

export const DashboardQuery = Type.Object(
  {
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
    /** Which histories to send; repeat the parameter for both. */
    historyType: Type.Optional(Type.Array(Type.Enum(HISTORY_TYPES), { maxItems: 2 })),
    /** How many machines the utilisation ranking holds. */
    utilisationLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    /** Filter groups encoded as the machine list's `filter` (src/domain/filterQuery.ts). */
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    ...(Object.fromEntries(DASHBOARD_FILTER_GROUPS.map((g) => [g, Type.Optional(Keys)])) as Record<
      DashboardFilterGroup,
      Type.TOptional<typeof Keys>
    >),
  },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

/** Fuel and CO2: estimated when any machine behind the figure had no fuel data (docs/activity.md). */
export const EstimatedMetric = Type.Object({
  value: Nullable(Type.Number()),
  estimated: Type.Boolean(),
});
export type EstimatedMetric = Static<typeof EstimatedMetric>;

export const DashboardSummary = Type.Object({
  ...MachineListSummary.properties,
  fuelUtilisation: EstimatedMetric,
  emissionsUtilisation: EstimatedMetric,
});
export type DashboardSummary = Static<typeof DashboardSummary>;

export const HistoryPoint = Type.Object({
  /** The first day of the period (yyyy-MM-dd). */
  date: Type.String(),
  /** Litres for fuel, kilograms for CO2; null when no machine has data for the period. */
  value: Nullable(Type.Number()),
  estimated: Type.Boolean(),
});
export type HistoryPoint = Static<typeof HistoryPoint>;

export const DashboardHistory = Type.Object({
  interval: Type.Enum(HISTORY_INTERVALS),
  fuel: Type.Optional(Type.Array(HistoryPoint)),
  co2: Type.Optional(Type.Array(HistoryPoint)),
});
export type DashboardHistory = Static<typeof DashboardHistory>;

export const CategoryRow = Type.Object({
  /** Null gathers the machines without a category. */
  category: Nullable(Type.String()),
  types: Type.Array(Type.String()),
  numberOfMachines: Metric,
  outOfHours: Metric,
  activeHours: Metric,
  idleHours: Metric,
  offHours: Metric,
  rentalUtilisation: Metric,
  emissions: EstimatedMetric,
  workingUtilisation: Metric,
  fuel: EstimatedMetric,
  totalHours: Metric,
  /** The share of the recorded time without data, in percent. */
  missingData: Metric,
});
export type CategoryRow = Static<typeof CategoryRow>;

export const MachineUtilisationRow = Type.Object({
  id: Type.String(),
  /** Swapped with assetId when the organisation shows asset ids first. */
  machineName: Nullable(Type.String()),
  assetId: Nullable(Type.String()),
  machineType: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  site: Nullable(Type.String()),
  contractNumber: Nullable(Type.String()),
  activeHours: Metric,
  idleHours: Metric,
  offHours: Metric,
  totalHours: Metric,
  rentalUtilisation: Metric,
  outOfHoursActivity: Metric,
  workingUtilisation: Metric,
  fuel: EstimatedMetric,
});
export type MachineUtilisationRow = Static<typeof MachineUtilisationRow>;

/** The metric the ranking, and the productivity card, use (docs/activity.md, "Dashboard"). */
export const UTILISATION_METRICS = ['rentalUtilisation', 'workingUtilisation'] as const;

export const DashboardReply = Type.Object({
  summary: DashboardSummary,
  history: DashboardHistory,
  categories: Type.Array(CategoryRow),
  utilisation: Type.Object({
    metric: Type.Enum(UTILISATION_METRICS),
    machines: Type.Array(MachineUtilisationRow),
  }),
});
export type DashboardReply = Static<typeof DashboardReply>;
