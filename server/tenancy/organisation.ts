// Organisations: lookup and the organisation-level settings with their defaults.
import {
  DEFAULT_TIMEZONE,
  OFF_HOURS_DATA_START,
  type OrganisationType,
} from '../../src/domain/constants.ts';
import {
  DEFAULT_IDLE_ALERT_MINUTES,
  DEFAULT_LOW_BATTERY_LEVEL,
  DEFAULT_POWER_CUT_V,
} from '../../src/domain/api/alerts.ts';
import {
  DEFAULT_CURRENCY,
  DEFAULT_IDLE_ON_HIRE_DAYS,
  type RentalSettings,
} from '../../src/domain/api/hires.ts';
import { DEFAULT_METER_DRIFT_H, DEFAULT_METER_DRIFT_PERCENT } from '../../src/domain/api/meters.ts';
import type { UserSettingsReply } from '../../src/domain/api/session.ts';
import type { Queryable } from '../db/database.ts';
import { MIN_SATELLITES } from '../telemetry/engine/rules.ts';

export interface Organisation {
  id: string;
  name: string;
  type: OrganisationType;
  timezone: string;
}

export async function getOrganisation(
  db: Queryable,
  id: string,
): Promise<Organisation | undefined> {
  const rows = await db.query<Organisation>(
    'SELECT id, name, type, timezone FROM organisation WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** The parts of the user settings that an organisation stores, as the server fills them in. */
export type OrganisationSettings = Pick<
  UserSettingsReply,
  | 'navigation'
  | 'modules'
  | 'features'
  | 'properties'
  | 'hireStatuses'
  | 'timezone'
  | 'mandatoryFields'
  | 'subscriptions'
  | 'materials'
  | 'manufacturers'
  | 'dealerId'
  | 'offHoursStartDate'
>;

function defaultSettings(type: OrganisationType, timezone: string): OrganisationSettings {
  const rents = type !== 'end-user';
  return {
    navigation: {
      sites: true,
      routes: true,
      shifts: true,
      gateways: rents,
      sensors: true,
      equipment: true,
    },
    modules: {
      fuel: true,
      co2: true,
      billing: rents,
      tips: false,
      workCycle: false,
      documents: true,
      npa: false,
      equipmentBreakdown: true,
      machineAdditionalInformation: true,
      operatorAvailability: false,
      geofences: true,
      notifications: true,
      // Spec point 6: the default organisation control has speeding on.
      speed: true,
      active: true,
    },
    features: { routePositions: false },
    properties: {
      machineName: 'name',
      routeMinSatellites: MIN_SATELLITES,
      idleAlertMinutes: DEFAULT_IDLE_ALERT_MINUTES,
      lowBatteryAlertLevel: DEFAULT_LOW_BATTERY_LEVEL,
      powerCutAlertV: DEFAULT_POWER_CUT_V,
    },
    hireStatuses: { hired: ['ON_HIRE'] },
    timezone: timezone || DEFAULT_TIMEZONE,
    mandatoryFields: [],
    subscriptions: { enabled: false, subscriptions: [] },
    materials: [],
    manufacturers: [],
    dealerId: null,
    offHoursStartDate: OFF_HOURS_DATA_START,
  };
}

/** Stored settings over the defaults; objects merge key by key so a stored subset changes only itself. */
export async function getOrganisationSettings(
  db: Queryable,
  organisation: Organisation,
): Promise<OrganisationSettings> {
  const rows = await db.query<{ settings: Partial<OrganisationSettings> }>(
    'SELECT settings FROM organisation WHERE id = $1',
    [organisation.id],
  );
  const stored = rows[0]?.settings ?? {};
  const defaults = defaultSettings(organisation.type, organisation.timezone);
  return {
    ...defaults,
    ...stored,
    navigation: { ...defaults.navigation, ...stored.navigation },
    modules: { ...defaults.modules, ...stored.modules },
    features: { ...defaults.features, ...stored.features },
    properties: { ...defaults.properties, ...stored.properties },
    hireStatuses: { ...defaults.hireStatuses, ...stored.hireStatuses },
    subscriptions: { ...defaults.subscriptions, ...stored.subscriptions },
    timezone: organisation.timezone,
  };
}

/** The satellites the organisation's route points need (spec point 5); the engine's rule by default. */
export async function routeMinSatellites(db: Queryable, organisationId: string): Promise<number> {
  const [row] = await db.query<{ n: number | null }>(
    `SELECT (settings->'properties'->>'routeMinSatellites')::int AS n FROM organisation WHERE id = $1`,
    [organisationId],
  );
  return row?.n ?? MIN_SATELLITES;
}

/** Sets properties of the organisation's settings, leaving the others. */
export async function setProperties(
  db: Queryable,
  organisationId: string,
  properties: Record<string, string | number | boolean>,
): Promise<void> {
  await db.query(
    `UPDATE organisation
        SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{properties}',
                                 coalesce(settings->'properties', '{}'::jsonb) || $2::jsonb)
      WHERE id = $1`,
    [organisationId, JSON.stringify(properties)],
  );
}

/** Sets one whole-number property of the organisation's settings, leaving the others. */
export const setIntegerProperty = (
  db: Queryable,
  organisationId: string,
  property: 'routeMinSatellites' | 'idleAlertMinutes',
  value: number,
) => setProperties(db, organisationId, { [property]: value });

/** What over-use is charged in and when two meter sources drift apart, with their defaults. */
export async function rentalSettings(
  db: Queryable,
  organisationId: string,
): Promise<RentalSettings> {
  const [row] = await db.query<{
    currency: string | null;
    h: number | null;
    pct: number | null;
    days: number | null;
    customer_checks: boolean | null;
  }>(
    `SELECT settings->'properties'->>'currency' AS currency,
            (settings->'properties'->>'customerOffHireChecks')::boolean AS customer_checks,
            (settings->'properties'->>'idleOnHireDays')::int AS days,
            (settings->'properties'->>'meterDriftHours')::float8 AS h,
            (settings->'properties'->>'meterDriftPercent')::float8 AS pct
       FROM organisation WHERE id = $1`,
    [organisationId],
  );
  return {
    currency: row?.currency ?? DEFAULT_CURRENCY,
    driftHours: row?.h ?? DEFAULT_METER_DRIFT_H,
    driftPercent: row?.pct ?? DEFAULT_METER_DRIFT_PERCENT,
    idleOnHireDays: row?.days ?? DEFAULT_IDLE_ON_HIRE_DAYS,
    customerOffHireChecks: row?.customer_checks ?? false,
  };
}

export const setRentalSettings = (
  db: Queryable,
  organisationId: string,
  { currency, driftHours, driftPercent, idleOnHireDays, customerOffHireChecks }: RentalSettings,
) =>
  setProperties(db, organisationId, {
    currency,
    meterDriftHours: driftHours,
    meterDriftPercent: driftPercent,
    idleOnHireDays,
    ...(customerOffHireChecks === undefined ? {} : { customerOffHireChecks }),
  });
