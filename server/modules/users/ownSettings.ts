// The signed-in user's own settings (spec points 3, 4): GET /v1/users/settings puts the user's
// choices over their organisation's, PATCH changes only the user's. Which kinds of mail they get is
// the same record the unsubscribe links write (mail_suppression), so the two always agree.
import { EMAIL_TYPES } from '../../../src/domain/api/accounts.ts';
import { alertTypesAllowed } from '../../../src/domain/api/alerts.ts';
import { badRequest } from '../../httpError.ts';
import type { UserSettingsPatch, UserSettingsReply } from '../../../src/domain/api/session.ts';
import { isLanguageCode } from '../../../src/domain/constants.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { getBrandConfiguration } from '../brand/index.ts';
import { keepOnlyTypes, suppressedTypes } from '../mail/index.ts';
import { alertSubscriptions, setAlertSubscriptions } from '../alerts/index.ts';
import { listManufacturers } from '../machines/index.ts';
import { getOrganisationSettings, type Organisation } from '../../tenancy/organisation.ts';
import type { Membership, User } from './service.ts';

export interface OwnSettings {
  timezone?: string;
  language?: string;
  machineName?: 'name' | 'assetId';
  /** The master switch of the user's mail; each kind is a mail_suppression row when off. */
  mailEnabled?: boolean;
}

export async function readUserSettings(
  db: Queryable,
  user: User,
  memberships: Membership[],
  organisation: Organisation,
): Promise<UserSettingsReply> {
  const own = user.settings as OwnSettings;
  const [settings, brandConfiguration, manufacturers, suppressed, alerts] = await Promise.all([
    getOrganisationSettings(db, organisation),
    getBrandConfiguration(db, organisation.id),
    listManufacturers(db, organisation.id),
    suppressedTypes(db, user.email),
    alertSubscriptions(db, user.id, organisation.id),
  ]);
  return {
    ...settings,
    organisations: memberships.map((m) => ({ id: m.organisationId, name: m.name, type: m.type })),
    properties: {
      ...settings.properties,
      machineName: own.machineName ?? settings.properties.machineName,
    },
    subscriptions: {
      enabled: own.mailEnabled !== false,
      subscriptions: EMAIL_TYPES.filter((type) => !suppressed.includes(type)),
    },
    timezone: own.timezone ?? settings.timezone,
    language: isLanguageCode(own.language) ? own.language : null,
    // Those staff named for the organisation, and those of its own fleet.
    manufacturers: [...new Set([...settings.manufacturers, ...manufacturers])].sort((a, b) =>
      a.localeCompare(b),
    ),
    brandConfiguration,
    alerts,
  };
}

export async function updateOwnSettings(
  db: Database,
  user: User,
  organisation: Organisation,
  patch: UserSettingsPatch,
): Promise<void> {
  if (patch.alerts) {
    const allowed = alertTypesAllowed((await getOrganisationSettings(db, organisation)).modules);
    const refused = patch.alerts.find((type) => !allowed.includes(type));
    if (refused) throw badRequest('alerts', `The organisation does not raise ${refused} alerts`);
  }
  await db.transaction(async (tx) => {
    const own: Record<string, unknown> = {};
    if (patch.language) own.language = patch.language;
    if (patch.timezone) own.timezone = patch.timezone;
    if (patch.machineName) own.machineName = patch.machineName;
    if (patch.subscriptions) own.mailEnabled = patch.subscriptions.enabled;
    await tx.query(
      `UPDATE app_user
          SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
              settings = (settings || $4::jsonb) - $5::text[]
        WHERE id = $1`,
      [
        user.id,
        patch.firstName?.trim() ?? null,
        patch.lastName?.trim() ?? null,
        JSON.stringify(own),
        patch.machineName === null ? ['machineName'] : [],
      ],
    );
    if (patch.subscriptions) await keepOnlyTypes(tx, user.email, patch.subscriptions.subscriptions);
    if (patch.alerts) await setAlertSubscriptions(tx, user.id, organisation.id, patch.alerts);
  });
}
