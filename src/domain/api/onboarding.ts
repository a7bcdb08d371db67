// Onboarding (spec point 2, /machines/onboard?sensor=): attach an unassigned source to a new
// machine or to one the organisation already owns.
import Type, { type Static } from 'typebox';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

/** GET /v1/portal/sources/unassigned and /v1/portal/sources/unassigned/:code. */
export const UnassignedSource = Type.Object({
  id: Type.String(),
  type: Type.String(),
  code: Type.String(),
  shortCode: Nullable(Type.String()),
  firstSeenAt: Nullable(Type.String()),
  lastSeenAt: Nullable(Type.String()),
  /**
   * Records kept while unassigned; they count for the machine it joins. Like the times, shown only
   * to staff and to a rental company's admins: null for customers and viewers.
   */
  records: Nullable(Type.Integer()),
  /** The claim code on the device's label: shown to staff only. */
  claimCode: Type.Optional(Type.String()),
});

/** The claim code printed on a device's label, such as 7F3A2-C91D0; staff need none. */
export const ClaimCode = Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' });
export const UnassignedSourceQuery = Type.Object(
  { claimCode: Type.Optional(ClaimCode) },
  { additionalProperties: false },
);
export type UnassignedSourceQuery = Static<typeof UnassignedSourceQuery>;
export type UnassignedSource = Static<typeof UnassignedSource>;
export const UnassignedSourcesReply = Type.Object({ sources: Type.Array(UnassignedSource) });
export type UnassignedSourcesReply = Static<typeof UnassignedSourcesReply>;

/** The descriptors a new machine is made with; the organisation's settings say which are mandatory. */
export const NewMachine = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    assetId: Text(60),
    category: Text(60),
    type: Text(80),
    oem: Text(80),
    model: Text(80),
    manufacturingYear: Type.Optional(Nullable(Type.Integer({ minimum: 1950, maximum: 2100 }))),
    serialNumber: Text(60),
    siteId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  },
  { additionalProperties: false },
);
export type NewMachine = Static<typeof NewMachine>;

/** The machine fields a settings' mandatoryFields entry may name for onboarding. */
export const ONBOARDING_FIELDS = [
  'assetId',
  'category',
  'type',
  'oem',
  'model',
  'manufacturingYear',
  'serialNumber',
  'siteId',
] as const;

/** POST /v1/portal/machines/onboard: `machineId` for an existing machine, else `machine`. */
export const OnboardBody = Type.Object(
  {
    sensor: Type.String({ minLength: 1, maxLength: 100 }),
    /** The claim code on the device's label; required unless staff claim it. */
    claimCode: Type.Optional(ClaimCode),
    machineId: Type.Optional(Type.String({ format: 'uuid' })),
    machine: Type.Optional(NewMachine),
  },
  { additionalProperties: false },
);
export type OnboardBody = Static<typeof OnboardBody>;

export const OnboardReply = Type.Object({
  machineId: Type.String(),
  sourceId: Type.String(),
  /** Records already stored for the source, now counted for the machine. */
  records: Type.Integer(),
});
export type OnboardReply = Static<typeof OnboardReply>;
