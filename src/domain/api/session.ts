// GET /v1/me and GET /v1/users/settings: the session and the user-settings shape of spec point 3.
import Type, { type Static } from 'typebox';
import { ORGANISATION_TYPES, ROLES } from '../constants.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const OrganisationSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(ORGANISATION_TYPES),
});
export type OrganisationSummary = Static<typeof OrganisationSummary>;

export const MeReply = Type.Object({
  user: Type.Object({
    id: Type.String(),
    role: Type.Enum(ROLES),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    /** Null for a first-time user. */
    lastLogin: Nullable(Type.String({ format: 'date-time' })),
  }),
  organisation: Type.Object({
    id: Type.String(),
    name: Type.String(),
    type: Type.Enum(ORGANISATION_TYPES),
    rental: Type.Boolean(),
    availableOrgs: Type.Array(OrganisationSummary),
  }),
});
export type MeReply = Static<typeof MeReply>;

const Colour = Type.Object({ backgroundColour: Type.String(), textColour: Type.String() });

export const NAVIGATION_KEYS = ['sites', 'routes', 'shifts', 'gateways', 'sensors'] as const;
export const MODULE_KEYS = [
  'fuel',
  'co2',
  'billing',
  'tips',
  'workCycle',
  'documents',
  'npa',
  'equipmentBreakdown',
  'machineAdditionalInformation',
  'operatorAvailability',
  'geofences',
  'notifications',
  'speed',
  'active',
] as const;

const flags = <T extends readonly string[]>(keys: T) =>
  Type.Object(
    Object.fromEntries(keys.map((k) => [k, Type.Boolean()])) as Record<T[number], Type.TBoolean>,
  );

/** The most satellites an organisation may ask a route point for: GNSS receivers track up to ~30. */
export const MAX_ROUTE_MIN_SATELLITES = 24;

/** PUT /v1/organisation/settings/route-points. */
export const RoutePointSettingsBody = Type.Object(
  { minSatellites: Type.Integer({ minimum: 0, maximum: MAX_ROUTE_MIN_SATELLITES }) },
  { additionalProperties: false },
);
export type RoutePointSettingsBody = Static<typeof RoutePointSettingsBody>;

export const UserSettingsReply = Type.Object({
  organisations: Type.Array(OrganisationSummary),
  navigation: flags(NAVIGATION_KEYS),
  modules: flags(MODULE_KEYS),
  properties: Type.Object({
    /** 'name' shows the machine name first; 'assetId' swaps name and asset id on screens. */
    machineName: Type.Enum(['name', 'assetId'] as const),
    /** Spec point 5: the satellites a position needs to be a route point. */
    routeMinSatellites: Type.Integer({ minimum: 0, maximum: MAX_ROUTE_MIN_SATELLITES }),
  }),
  hireStatuses: Type.Object({ hired: Type.Array(Type.String()) }),
  timezone: Type.String(),
  mandatoryFields: Type.Array(Type.String()),
  subscriptions: Type.Object({ enabled: Type.Boolean(), subscriptions: Type.Array(Type.String()) }),
  materials: Type.Array(Type.String()),
  manufacturers: Type.Array(Type.String()),
  dealerId: Nullable(Type.String()),
  brandConfiguration: Type.Object({
    logoLink: Nullable(Type.String()),
    primaryColour: Colour,
    secondaryColour: Colour,
    isChosen: Type.Boolean(),
  }),
});
export type UserSettingsReply = Static<typeof UserSettingsReply>;
