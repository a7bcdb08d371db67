// Retention, export and erasure of an organisation's data (issue 45, docs/privacy.md).
import Type, { type Static } from 'typebox';

const Days = Type.Union([Type.Integer({ minimum: 1, maximum: 36_500 }), Type.Null()]);

/**
 * PUT /v1/organisation/settings/retention: days kept of each kind of data; null takes the
 * deployment's default (for rollups, null keeps them).
 */
export const RetentionPeriods = Type.Object(
  {
    /** Raw records from the devices, positions with them. */
    recordsDays: Days,
    /** Positions (and the heat maps' cells): removed from records kept longer. */
    positionsDays: Days,
    /** The organisation's audit entries. */
    auditDays: Days,
    /** Daily figures, activity segments and hire days: kept unless the organisation asks. */
    rollupsDays: Days,
  },
  { additionalProperties: false },
);
export type RetentionPeriods = Static<typeof RetentionPeriods>;

/** GET /v1/organisation/settings/retention: the periods, with the deployment's floor and defaults. */
export const RetentionSettings = Type.Object({
  periods: RetentionPeriods,
  /** No period may be shorter than this. */
  minDays: Type.Integer(),
  /** What a null period means: days, or null when the deployment keeps everything. */
  defaults: Type.Object({
    recordsDays: Days,
    positionsDays: Days,
    auditDays: Days,
  }),
  /** The last nightly run that removed something of this organisation's. */
  lastAppliedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type RetentionSettings = Static<typeof RetentionSettings>;

export const RETENTION_KINDS = ['records', 'positions', 'audit', 'rollups'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
