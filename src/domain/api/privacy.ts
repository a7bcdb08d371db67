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

export const PRIVACY_JOB_KINDS = [
  'export',
  'erase-user',
  'erase-positions',
  'erase-organisation',
] as const;
export type PrivacyJobKind = (typeof PRIVACY_JOB_KINDS)[number];
const JobKind = Type.Union([
  Type.Literal('export'),
  Type.Literal('erase-user'),
  Type.Literal('erase-positions'),
  Type.Literal('erase-organisation'),
]);

/** What an erasure removed, signed by the portal's key (GET /v1/privacy/keys verifies it). */
export const ReceiptBody = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: JobKind,
  organisationId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  /** What was erased: the user's pseudonym, the machine and range, the organisation. */
  subject: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 })),
  /** Rows removed or pseudonymised, by table. */
  removed: Type.Record(Type.String({ maxLength: 200 }), Type.Integer()),
  requestedAt: Type.String({ format: 'date-time' }),
  completedAt: Type.String({ format: 'date-time' }),
  /** The portal that signed it. */
  issuer: Type.String({ maxLength: 2000 }),
});
export type ReceiptBody = Static<typeof ReceiptBody>;

export const ErasureReceipt = Type.Object({
  receipt: ReceiptBody,
  /** A compact JWS (EdDSA) whose payload is the receipt. */
  signature: Type.String({ maxLength: 20_000 }),
});
export type ErasureReceipt = Static<typeof ErasureReceipt>;

/** An export or erasure, as its requester follows it. */
export const PrivacyJob = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: JobKind,
  state: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  /** From 0 to 1. */
  progress: Type.Number(),
  step: Type.Union([Type.String(), Type.Null()]),
  requestedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  /** An export's signed link, valid for a while; null until it is done or once it is gone. */
  downloadUrl: Type.Union([Type.String(), Type.Null()]),
  sizeBytes: Type.Union([Type.Integer(), Type.Null()]),
  receipt: Type.Union([ErasureReceipt, Type.Null()]),
});
export type PrivacyJob = Static<typeof PrivacyJob>;

export const PrivacyJobList = Type.Object({ jobs: Type.Array(PrivacyJob) });
export type PrivacyJobList = Static<typeof PrivacyJobList>;

/** POST /v1/organisation/exports: the positions' range (they are the bulk); the rest is whole. */
export const ExportBody = Type.Object(
  {
    positionsFrom: Type.String({ format: 'date-time' }),
    positionsTo: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type ExportBody = Static<typeof ExportBody>;

/** POST /v1/organisation/erasures: one person, or one machine's positions over a range. */
export const ErasureBody = Type.Union([
  Type.Object(
    { kind: Type.Literal('user'), userId: Type.String({ format: 'uuid' }) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('positions'),
      machineId: Type.String({ format: 'uuid' }),
      from: Type.String({ format: 'date-time' }),
      to: Type.String({ format: 'date-time' }),
    },
    { additionalProperties: false },
  ),
]);
export type ErasureBody = Static<typeof ErasureBody>;

/** POST /v1/privacy/receipts/verify: whether the portal signed this receipt. */
export const ReceiptCheck = Type.Object({ valid: Type.Boolean() });
export type ReceiptCheck = Static<typeof ReceiptCheck>;

/** GET /v1/privacy/keys: the portal's public keys (Ed25519 JWKs) that verify receipts. */
export const PublicKeySet = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      crv: Type.String(),
      x: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
    }),
  ),
});
export type PublicKeySet = Static<typeof PublicKeySet>;
