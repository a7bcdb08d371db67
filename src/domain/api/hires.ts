// Hires (issue 41, docs/rental.md): a rental company puts its machines on hire to customers, by hand
// or from its ERP, and a customer reads the hires of machines it hires.
import Type, { type Static } from 'typebox';
import { DateTime } from './dates.ts';
import { METER_LEADS } from './meters.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });

/** future: not started; onHire: started and not off-hired; offHired: ended. */
export const HIRE_STATES = ['future', 'onHire', 'offHired'] as const;
export type HireState = (typeof HIRE_STATES)[number];

/** The contract's hours are a number per working day (Monday to Friday) or per week. */
export const CONTRACTED_HOURS_PER = ['day', 'week'] as const;
export type ContractedHoursPer = (typeof CONTRACTED_HOURS_PER)[number];

/** The period an over-use allowance covers: hours beyond it in that period are charged. */
export const OVERUSE_PERIODS = ['day', 'week', 'month'] as const;
export type OverusePeriod = (typeof OVERUSE_PERIODS)[number];

export const MAX_CONTRACT_NUMBER_LENGTH = 60;
export const DEFAULT_CONTRACTED_HOURS_PER_DAY = 8;

/** What a hire says beyond its machine and contract: the same in a form, an ERP's upsert and a CSV row. */
const hireTerms = {
  /** A customer organisation on the portal; its users see the machine during the hire. */
  customerOrganisationId: Type.Optional(Nullable(Uuid)),
  /** A customer that is not on the portal: required when no organisation is named. */
  customerName: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  /** One of the rental company's sites: where the machine works. */
  siteId: Type.Optional(Nullable(Uuid)),
  onHireAt: DateTime,
  /** Open (null or absent) while the machine is on hire with no agreed end. */
  offHireAt: Type.Optional(Nullable(DateTime)),
  contractedHoursPer: Type.Optional(Type.Enum(CONTRACTED_HOURS_PER)),
  /** Hours per day (at most 24) or per week (at most 168); 8 a day when absent. */
  contractedHours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 168 })),
  overusePeriod: Type.Optional(Nullable(Type.Enum(OVERUSE_PERIODS))),
  /** Engine hours included in each over-use period. */
  overuseAllowanceH: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 744 }))),
  /** The charge per engine hour beyond the allowance, in the organisation's currency. */
  overuseRate: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
  note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  /** Why a machine marked not to be used (broken down) goes on hire anyway. */
  overrideReason: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
};

const ContractNumber = Type.String({ minLength: 1, maxLength: MAX_CONTRACT_NUMBER_LENGTH });

export const HireBody = Type.Object(
  { machineId: Uuid, contractNumber: ContractNumber, ...hireTerms },
  { additionalProperties: false },
);
export type HireBody = Static<typeof HireBody>;

/** PATCH: any of the hire's fields but its machine (a swap changes that). */
export const HirePatch = Type.Partial(
  Type.Object({ contractNumber: ContractNumber, ...hireTerms }, { additionalProperties: false }),
);
export type HirePatch = Static<typeof HirePatch>;

/** PUT by-contract/{contractNumber}/{assetId}: the machine and contract come from the path. */
export const ContractHireBody = Type.Object(hireTerms, { additionalProperties: false });
export type ContractHireBody = Static<typeof ContractHireBody>;

export const ContractHireParams = Type.Object({
  contractNumber: ContractNumber,
  assetId: Type.String({ minLength: 1, maxLength: 100 }),
});

export const Hire = Type.Object({
  id: Type.String(),
  machineId: Type.String(),
  machineName: Type.String(),
  assetId: Nullable(Type.String()),
  contractNumber: Type.String(),
  /** The customer's name: its organisation's, or the named customer's. */
  customer: Type.String(),
  customerOrganisationId: Nullable(Type.String()),
  customerName: Nullable(Type.String()),
  rentalOrganisationId: Type.String(),
  rentalOrganisation: Type.String(),
  /** The site's name. */
  site: Nullable(Type.String()),
  siteId: Nullable(Type.String()),
  onHireAt: Type.String(),
  offHireAt: Nullable(Type.String()),
  status: Type.Enum(HIRE_STATES),
  contractedHoursPer: Type.Enum(CONTRACTED_HOURS_PER),
  contractedHours: Type.Number(),
  overusePeriod: Nullable(Type.Enum(OVERUSE_PERIODS)),
  overuseAllowanceH: Nullable(Type.Number()),
  overuseRate: Nullable(Type.Number()),
  /** The rental company's own fields: null for a customer. */
  note: Nullable(Type.String()),
  overrideReason: Nullable(Type.String()),
  /** The hire this one continues after a swap of machines. */
  swappedFromHireId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Hire = Static<typeof Hire>;

export const HIRE_SORTS = [
  'onHireAt',
  'offHireAt',
  'contractNumber',
  'customer',
  'machineName',
  'site',
  'status',
] as const;
export type HireSort = (typeof HIRE_SORTS)[number];

/** idleOnHire: on hire and not worked for the organisation's working days; notReturned: ended,
 * but still working or away from its home site (docs/rental.md). */
export const HIRE_FLAGS = ['idleOnHire', 'notReturned'] as const;
export type HireFlag = (typeof HIRE_FLAGS)[number];
/** Working days without work that make a machine on hire idle, unless the organisation sets others. */
export const DEFAULT_IDLE_ON_HIRE_DAYS = 3;

/** The list's filter: `q` searches contract, machine, asset id, customer and site. */
export interface HireFilter {
  q?: string;
  status?: HireState;
  flag?: HireFlag;
  machineId?: string;
  customerOrganisationId?: string;
  siteId?: string;
}

export const OffHireBody = Type.Object(
  { offHireAt: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type OffHireBody = Static<typeof OffHireBody>;

export const ExtendBody = Type.Object(
  { offHireAt: Nullable(DateTime), overrideReason: hireTerms.overrideReason },
  { additionalProperties: false },
);
export type ExtendBody = Static<typeof ExtendBody>;

export const SwapBody = Type.Object(
  { machineId: Uuid, at: Type.Optional(DateTime), overrideReason: hireTerms.overrideReason },
  { additionalProperties: false },
);
export type SwapBody = Static<typeof SwapBody>;

export const SwapReply = Type.Object({ closed: Hire, opened: Hire });
export type SwapReply = Static<typeof SwapReply>;

export const HireCustomersReply = Type.Object({
  customers: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type HireCustomersReply = Static<typeof HireCustomersReply>;

export const HireImportQuery = Type.Object(
  { apply: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;

export const HireImportReply = Type.Object({
  /** False for a dry run: nothing was written. */
  applied: Type.Boolean(),
  rows: Type.Array(
    Type.Object({
      line: Type.Integer(),
      contractNumber: Type.String(),
      assetId: Type.String(),
      action: Type.Enum(IMPORT_ACTIONS),
      /** The hire changed or created (after an apply), or the one that would change. */
      hireId: Nullable(Type.String()),
    }),
  ),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
});
export type HireImportReply = Static<typeof HireImportReply>;

/** The CSV an ERP sends: one hire per row, by contract number and asset id. */
export const HIRE_CSV_COLUMNS = [
  'contractNumber',
  'assetId',
  'customerOrganisationId',
  'customerName',
  'site',
  'onHireAt',
  'offHireAt',
  'contractedHoursPer',
  'contractedHours',
  'overusePeriod',
  'overuseAllowanceH',
  'overuseRate',
  'note',
] as const;

/** One allowance period of a hire's over-use: the engine hours the leading meter counted in it. */
export const UsagePeriod = Type.Object({
  from: DateTime,
  to: DateTime,
  engineH: Type.Number(),
  /** The period's allowance: a week or month the hire covers in part gets its share of days. */
  allowanceH: Type.Number(),
  overuseH: Type.Number(),
  charge: Type.Number(),
});
export type UsagePeriod = Static<typeof UsagePeriod>;

/** GET /v1/portal/hires/:id/usage: the hire's engine hours and over-use, period by period. */
export const HireUsage = Type.Object({
  hireId: Type.String(),
  contractNumber: Type.String(),
  machineId: Type.String(),
  /** From the on-hire time to the off-hire time, or to now while on hire. */
  from: DateTime,
  to: DateTime,
  /** The meter the hours come from: the machine's leading source. */
  meterSource: Type.Enum(METER_LEADS),
  currency: Type.String(),
  overusePeriod: Nullable(Type.Enum(OVERUSE_PERIODS)),
  overuseAllowanceH: Nullable(Type.Number()),
  overuseRate: Nullable(Type.Number()),
  /** One per allowance period; one for the whole hire when it has no over-use terms. */
  periods: Type.Array(UsagePeriod),
  engineH: Type.Number(),
  overuseH: Type.Number(),
  charge: Type.Number(),
});
export type HireUsage = Static<typeof HireUsage>;

/** The currency an organisation charges in when it sets none. */
export const DEFAULT_CURRENCY = 'EUR';

/** GET and PUT /v1/organisation/settings/rental: what over-use is charged in, when meters drift,
 * when a machine on hire is idle. */
export const RentalSettings = Type.Object(
  {
    /** ISO 4217, such as GBP or EUR. */
    currency: Type.String({ pattern: '^[A-Z]{3}$', examples: ['GBP'] }),
    /** Two sources drift apart past the larger of these hours and this share of the hours counted. */
    driftHours: Type.Number({ minimum: 0.1, maximum: 1000 }),
    driftPercent: Type.Number({ minimum: 0.1, maximum: 100 }),
    /** A machine on hire that has not worked for this many working days is idle on hire. */
    idleOnHireDays: Type.Integer({ minimum: 1, maximum: 60 }),
    /**
     * A customer's writers may record the off-hire check of their own hire (issue 44): the
     * foreman hands the machine back on site. Left out of a PUT, it stays as it was.
     */
    customerOffHireChecks: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RentalSettings = Static<typeof RentalSettings>;

/** GET /v1/portal/hires/flags: how many of the rental company's hires are flagged now. */
export const HireFlagCounts = Type.Object({
  idleOnHire: Type.Integer(),
  notReturned: Type.Integer(),
});
export type HireFlagCounts = Static<typeof HireFlagCounts>;
