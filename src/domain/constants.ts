// Business constants and limits of spec point 9, shared by the portal and the server.

export const REQUEST_TIMEOUT_MS = 60_000;
/** Reports and maps are computed on demand and may take longer. */
export const LONG_REQUEST_TIMEOUT_MS = 180_000;

export const NOTIFICATION_TIMEOUT_MS = 6_000;
export const LAZY_LOAD_ERROR_NOTICE_MS = 15_000;
export const LAZY_LOAD_RETRIES = 10;
export const LAZY_LOAD_RETRY_INTERVAL_MS = 500;

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_TIMEZONE = 'Europe/London';
/** The portal's languages (spec point 1), Italian included: a user may have chosen it on staging. */
export const LANGUAGE_CODES = ['en', 'zh', 'nl', 'fr', 'de', 'it'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const isLanguageCode = (value: unknown): value is LanguageCode =>
  (LANGUAGE_CODES as readonly unknown[]).includes(value);
/** The language choice lives in this cookie, so that it survives sign-out. */
export const WEB_APP_SETTINGS_ENTRY = 'webAppSettings';
export const WEB_APP_SETTINGS_LIFETIME_DAYS = 360;

export const ROUTE_STOP_RADIUS_M = 20;
export const ROUTE_STOP_DURATION_S = 180;
export const OFF_HOURS_DATA_START = '2022-04-26';
export const TIME_ROUNDING_MINUTES = 5;
export const REPORT_EXTRA_MINUTES = [15, 30, 45, 60] as const;
export const DASHBOARD_UTILISATION_LIMIT = 5;

export const ORGANISATION_TYPES = ['rental', 'rental-end-user', 'end-user'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/** Roles known from spec point 6; `admin` manages its own organisation. */
export const ROLES = ['internal', 'admin', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const HIRE_STATUSES = ['ON_HIRE', 'OFF_HIRE'] as const;
export type HireStatus = (typeof HIRE_STATUSES)[number];

/** Source types whose records come from our own trackers; every other type is an OEM feed. */
export const TELEMATICS_SOURCE_TYPES = [
  'TELTONIKA',
  'CELLULAR',
  'LORA',
  'DIGITALMATTER',
  'PLINX',
] as const;

export function isOemSourceType(type: string): boolean {
  return !(TELEMATICS_SOURCE_TYPES as readonly string[]).includes(type);
}
