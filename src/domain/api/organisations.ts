// Staff's organisation calls: GET /v1/admin/organisations/list (spec point 7) and each
// organisation's settings, GET and PUT /v1/admin/organisations/{id}/settings (our design, in the
// spec's style): what each organisation's portal shows and allows.
import Type, { type Static } from 'typebox';
import { ORGANISATION_TYPES } from '../constants.ts';
import { ONBOARDING_FIELDS } from './onboarding.ts';
import { Day } from './dates.ts';
import {
  BrandConfigurationReply,
  flags,
  MAX_ROUTE_MIN_SATELLITES,
  FEATURE_KEYS,
  MODULE_KEYS,
  NAVIGATION_KEYS,
} from './session.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const Word = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });

export const ORGANISATION_SORTS = ['name', 'type', 'createdAt', 'users', 'machines'] as const;

export const OrganisationListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 120 })),
    type: Type.Optional(Type.Enum(ORGANISATION_TYPES)),
    sort: Type.Optional(Type.Enum(ORGANISATION_SORTS)),
    order: Type.Optional(Type.Enum(['ASC', 'DESC'] as const)),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type OrganisationListQuery = Static<typeof OrganisationListQuery>;

export const OrganisationListRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(ORGANISATION_TYPES),
  timezone: Type.String(),
  users: Type.Integer(),
  machines: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OrganisationListRow = Static<typeof OrganisationListRow>;

export const OrganisationListReply = Type.Object({
  organisations: Type.Array(OrganisationListRow),
  total: Type.Integer(),
});
export type OrganisationListReply = Static<typeof OrganisationListReply>;

const someFlags = <K extends readonly string[]>(keys: K) =>
  Type.Object(
    Object.fromEntries(keys.map((key) => [key, Type.Optional(Type.Boolean())])) as {
      [P in K[number]]: Type.TOptional<Type.TBoolean>;
    },
    { additionalProperties: false },
  );

/** What staff set for one organisation; the name and type live on the organisation itself. */
export const OrganisationSettingsRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(ORGANISATION_TYPES),
  timezone: Type.String(),
  navigation: flags(NAVIGATION_KEYS),
  modules: flags(MODULE_KEYS),
  features: flags(FEATURE_KEYS),
  machineName: Type.Enum(['name', 'assetId'] as const),
  routeMinSatellites: Type.Integer(),
  hireStatuses: Type.Array(Type.String()),
  mandatoryFields: Type.Array(Type.Enum(ONBOARDING_FIELDS)),
  materials: Type.Array(Type.String()),
  /** Makes offered besides those of the organisation's own fleet. */
  manufacturers: Type.Array(Type.String()),
  dealerId: Nullable(Type.String()),
  /** The first day with off-hours data: earlier ranges warn (spec point 4). */
  offHoursStartDate: Type.String({ format: 'date' }),
  /** Host names whose sign-in page wears this organisation's brand. */
  loginDomains: Type.Array(Type.String()),
});
export type OrganisationSettingsRecord = Static<typeof OrganisationSettingsRecord>;

/** PUT: any of the record's fields; one left out keeps its value. */
export const OrganisationSettingsBody = Type.Object(
  {
    name: Type.Optional(Name),
    type: Type.Optional(Type.Enum(ORGANISATION_TYPES)),
    /** Its days are counted in this zone: a change recomputes every machine's days. */
    timezone: Type.Optional(Type.String({ format: 'time-zone', maxLength: 64 })),
    navigation: Type.Optional(someFlags(NAVIGATION_KEYS)),
    modules: Type.Optional(someFlags(MODULE_KEYS)),
    features: Type.Optional(someFlags(FEATURE_KEYS)),
    machineName: Type.Optional(Type.Enum(['name', 'assetId'] as const)),
    routeMinSatellites: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_ROUTE_MIN_SATELLITES }),
    ),
    hireStatuses: Type.Optional(Type.Array(Word, { maxItems: 20, uniqueItems: true })),
    mandatoryFields: Type.Optional(
      Type.Array(Type.Enum(ONBOARDING_FIELDS), {
        maxItems: ONBOARDING_FIELDS.length,
        uniqueItems: true,
      }),
    ),
    materials: Type.Optional(Type.Array(Word, { maxItems: 100, uniqueItems: true })),
    manufacturers: Type.Optional(Type.Array(Word, { maxItems: 100, uniqueItems: true })),
    dealerId: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9._-]+$' })),
    ),
    offHoursStartDate: Type.Optional(Day),
    loginDomains: Type.Optional(
      Type.Array(Type.String({ format: 'hostname', minLength: 3, maxLength: 253 }), {
        maxItems: 10,
        uniqueItems: true,
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrganisationSettingsBody = Static<typeof OrganisationSettingsBody>;

/** GET /v1/brand?organisation= or ?host=: the brand of a sign-in page, before anyone signs in. */
export const PublicBrandQuery = Type.Object(
  {
    organisation: Type.Optional(Type.String({ format: 'uuid' })),
    host: Type.Optional(Type.String({ format: 'hostname', maxLength: 253 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PublicBrandQuery = Static<typeof PublicBrandQuery>;

/** The installed portal's manifest and icon: the organisation's, or the portal's own without one. */
export const AppManifestQuery = Type.Object(
  { organisation: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);
export type AppManifestQuery = Static<typeof AppManifestQuery>;

/** `brand` null: the page wears the portal's own look (a host no organisation claimed). */
export const PublicBrandReply = Type.Object({
  brand: Type.Union([
    Type.Object({
      organisationId: Type.String(),
      organisationName: Type.String(),
      brandConfiguration: BrandConfigurationReply,
    }),
    Type.Null(),
  ]),
});
export type PublicBrandReply = Static<typeof PublicBrandReply>;
