// Alerts (issue 18, the modules `notifications` and `equipmentBreakdown`): what happened to a
// machine or a device that someone should hear about, as the list at /v1/portal/alerts and the
// mails members subscribe to per type. Our design in the spec's style.
import Type, { type Static } from 'typebox';
import type { ModuleKey } from './session.ts';
import { DateTime } from './dates.ts';
import { SimpleListQuery } from './simpleList.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ALERT_TYPES = [
  'outOfHours',
  'fuelTheft',
  'breakdown',
  'deviceSilent',
  'idle',
  'leftSite',
  'idleOnHire',
  'notReturned',
  'serviceDueSoon',
  'serviceOverdue',
  'safetyOverdue',
  'enteredSite',
  'movedEngineOff',
  'lowBattery',
  'powerCut',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The modules an organisation needs on, besides `notifications`, for a type of alert. */
export const ALERT_MODULES: Record<AlertType, ModuleKey[]> = {
  outOfHours: [],
  fuelTheft: ['fuel'],
  breakdown: ['equipmentBreakdown'],
  deviceSilent: [],
  idle: [],
  leftSite: ['geofences'],
  // A rental company's hires (docs/rental.md): billing is its module.
  idleOnHire: ['billing'],
  notReturned: ['billing'],
  // Maintenance (docs/maintenance.md): every organisation with service plans.
  serviceDueSoon: [],
  serviceOverdue: [],
  safetyOverdue: [],
  // What integrators ask for (docs/integrations.md "Alerts"): arrivals on the geofenced sites, a
  // machine towed or carried away, and the devices' own power.
  enteredSite: ['geofences'],
  movedEngineOff: [],
  lowBattery: [],
  powerCut: [],
};

/** Alert types the organisation's modules allow. */
export const alertTypesAllowed = (modules: Record<ModuleKey, boolean>): AlertType[] =>
  modules.notifications ? ALERT_TYPES.filter((t) => ALERT_MODULES[t].every((m) => modules[m])) : [];

/** An idle run becomes an alert after this long, unless the organisation says otherwise. */
export const DEFAULT_IDLE_ALERT_MINUTES = 30;
export const MAX_IDLE_ALERT_MINUTES = 24 * 60;

/**
 * A device's battery is low at its kind's own level (src/domain/devices.ts): one figure in volts
 * cannot fit a tracker's Li-ion cell and a sensor's lithium one, so the organisation picks the level.
 */
export const LOW_BATTERY_LEVELS = ['low', 'critical'] as const;
export type LowBatteryLevel = (typeof LOW_BATTERY_LEVELS)[number];
export const DEFAULT_LOW_BATTERY_LEVEL: LowBatteryLevel = 'low';
/**
 * A tracker's external supply below this is cut: a 12 V or 24 V machine's battery rests above
 * 11 V, and an unplugged or isolated tracker reads near 0 V.
 */
export const DEFAULT_POWER_CUT_V = 6;
export const MIN_POWER_CUT_V = 1;
export const MAX_POWER_CUT_V = 30;

export const AlertRecord = Type.Object({
  id: Type.String(),
  type: Type.Enum(ALERT_TYPES),
  /** When it became an alert: the idle run passed its threshold, the device its silence. */
  at: DateTime,
  /** When what it is about began: the run, the silence, the breakdown, the theft. */
  startedAt: DateTime,
  machineId: Nullable(Type.String()),
  machineName: Nullable(Type.String()),
  sourceCode: Nullable(Type.String()),
  siteName: Nullable(Type.String()),
  /** Litres stolen; minutes idle or silent by the threshold; null where it says nothing more. */
  litres: Nullable(Type.Number()),
  minutes: Nullable(Type.Number()),
  note: Nullable(Type.String()),
  /** Raised after the member last opened the list. */
  unread: Type.Boolean(),
});
export type AlertRecord = Static<typeof AlertRecord>;

export const ALERT_SORTS = ['at', 'type'] as const;
export const AlertListQuery = SimpleListQuery;
export const AlertListReply = Type.Array(AlertRecord);

/** What the list's `filter` takes (JSON). */
export interface AlertListFilter {
  type?: AlertType;
  machineId?: string;
}

export const UnreadAlertsReply = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type UnreadAlertsReply = Static<typeof UnreadAlertsReply>;

/** PUT /v1/organisation/settings/alerts: the organisation's alert rules (admins). */
export const AlertSettingsBody = Type.Object(
  {
    idleMinutes: Type.Integer({ minimum: 5, maximum: MAX_IDLE_ALERT_MINUTES }),
    /** Left out, the organisation's current rule stays (so does the power cut's). */
    lowBatteryLevel: Type.Optional(Type.Enum(LOW_BATTERY_LEVELS)),
    powerCutV: Type.Optional(Type.Number({ minimum: MIN_POWER_CUT_V, maximum: MAX_POWER_CUT_V })),
  },
  { additionalProperties: false },
);
export type AlertSettingsBody = Static<typeof AlertSettingsBody>;
