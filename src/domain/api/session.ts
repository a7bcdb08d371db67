// GET /v1/me and GET /v1/users/settings: the session and the user-settings shape of spec point 3.
import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES, ORGANISATION_TYPES, ROLES } from '../constants.ts';
import { EMAIL_TYPES } from './accounts.ts';
import {
  ALERT_TYPES,
  LOW_BATTERY_LEVELS,
  MAX_IDLE_ALERT_MINUTES,
  MAX_POWER_CUT_V,
  MIN_POWER_CUT_V,
} from './alerts.ts';

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

export const NAVIGATION_KEYS = [
  'sites',
  'routes',
  'shifts',
  'gateways',
  'sensors',
  'equipment',
] as const;
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

/**
 * Spec point 6: features unlocked for some organisations only. The spec's fixed lists of
 * organisation ids become named switches that staff turn on per organisation; all start off.
 * routePositions: every position fix of a route drawn with its satellites (the routes screen's
 * `experimental`), for organisations that check their trackers' fixes.
 */
export const FEATURE_KEYS = ['routePositions'] as const;

export type NavigationKey = (typeof NAVIGATION_KEYS)[number];
export type ModuleKey = (typeof MODULE_KEYS)[number];
export type FeatureKey = (typeof FEATURE_KEYS)[number];
/** A switch staff set per organisation; a route or screen that needs it names it this way. */
export type FeatureFlag =
  `navigation.${NavigationKey}` | `modules.${ModuleKey}` | `features.${FeatureKey}`;
/** The groups of switches, as the settings name them. */
export type FeatureGroup = 'navigation' | 'modules' | 'features';

/** An object of the keys, each on or off. */
export const flags = <T extends readonly string[]>(keys: T) =>
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

/** The brand of GET /v1/users/settings, and the reply of POST and DELETE /v1/portal/brandconfig. */
export const BrandConfigurationReply = Type.Object({
  logoLink: Nullable(Type.String()),
  primaryColour: Colour,
  secondaryColour: Colour,
  isChosen: Type.Boolean(),
});
export type BrandConfigurationReply = Static<typeof BrandConfigurationReply>;

export const UserSettingsReply = Type.Object({
  organisations: Type.Array(OrganisationSummary),
  navigation: flags(NAVIGATION_KEYS),
  modules: flags(MODULE_KEYS),
  features: flags(FEATURE_KEYS),
  properties: Type.Object({
    /** 'name' shows the machine name first; 'assetId' swaps name and asset id on screens. */
    machineName: Type.Enum(['name', 'assetId'] as const),
    /** Spec point 5: the satellites a position needs to be a route point. */
    routeMinSatellites: Type.Integer({ minimum: 0, maximum: MAX_ROUTE_MIN_SATELLITES }),
    /** An idle run becomes an alert after this many minutes. */
    idleAlertMinutes: Type.Integer({ minimum: 1, maximum: MAX_IDLE_ALERT_MINUTES }),
    /** A device's battery alert comes at its kind's low or critical level. */
    lowBatteryAlertLevel: Type.Enum(LOW_BATTERY_LEVELS),
    /** A tracker's external supply below this many volts is a power cut. */
    powerCutAlertV: Type.Number({ minimum: MIN_POWER_CUT_V, maximum: MAX_POWER_CUT_V }),
  }),
  hireStatuses: Type.Object({ hired: Type.Array(Type.String()) }),
  timezone: Type.String(),
  mandatoryFields: Type.Array(Type.String()),
  subscriptions: Type.Object({ enabled: Type.Boolean(), subscriptions: Type.Array(Type.String()) }),
  materials: Type.Array(Type.String()),
  manufacturers: Type.Array(Type.String()),
  dealerId: Nullable(Type.String()),
  /** The first day with off-hours data: a range starting earlier warns once (spec point 4). */
  offHoursStartDate: Type.String({ format: 'date' }),
  brandConfiguration: BrandConfigurationReply,
  /** The user's own language; null until they choose one (the browser's choice stands). */
  language: Nullable(Type.Enum(LANGUAGE_CODES)),
  /** The alerts the user gets by mail in this organisation. */
  alerts: Type.Array(Type.Enum(ALERT_TYPES)),
});
export type UserSettingsReply = Static<typeof UserSettingsReply>;

/**
 * PATCH /v1/users/settings: the signed-in user's own settings, viewers included. `machineName`
 * null follows the organisation again; `subscriptions` lists the kinds of mail they want, `alerts`
 * the alerts they get by mail in the organisation of their token.
 */
export const UserSettingsPatch = Type.Object(
  {
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    language: Type.Optional(Type.Enum(LANGUAGE_CODES)),
    timezone: Type.Optional(Type.String({ format: 'time-zone', maxLength: 64 })),
    machineName: Type.Optional(Nullable(Type.Enum(['name', 'assetId'] as const))),
    subscriptions: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean(),
          subscriptions: Type.Array(Type.Enum(EMAIL_TYPES), {
            maxItems: EMAIL_TYPES.length,
            uniqueItems: true,
          }),
        },
        { additionalProperties: false },
      ),
    ),
    alerts: Type.Optional(
      Type.Array(Type.Enum(ALERT_TYPES), { maxItems: ALERT_TYPES.length, uniqueItems: true }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserSettingsPatch = Static<typeof UserSettingsPatch>;
