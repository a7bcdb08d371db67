// The organisation's own settings that screens change: what a route point needs, when an idle run
// becomes an alert and what counts as a low battery or a power cut.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RoutePointSettingsBody } from '../../../src/domain/api/session.ts';
import type { ServerContext } from '../../context.ts';
import { AlertSettingsBody } from '../../../src/domain/api/alerts.ts';
import {
  getOrganisationSettings,
  setIntegerProperty,
  setProperties,
} from '../../tenancy/organisation.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const organisationRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.put(
    endpoints.organisation.settingsRoutePoints,
    {
      config: { access: 'write' },
      schema: {
        tags: ['organisation'],
        body: RoutePointSettingsBody,
        response: { 200: RoutePointSettingsBody },
      },
    },
    async (request) => {
      await setIntegerProperty(
        db,
        request.auth.org,
        'routeMinSatellites',
        request.body.minSatellites,
      );
      return { minSatellites: request.body.minSatellites };
    },
  );

  app.put(
    endpoints.organisation.settingsAlerts,
    {
      config: { access: 'write', feature: 'modules.notifications' },
      schema: {
        tags: ['organisation'],
        body: AlertSettingsBody,
        response: { 200: AlertSettingsBody },
      },
    },
    async (request) => {
      const { idleMinutes, lowBatteryLevel, powerCutV } = request.body;
      await setProperties(db, request.auth.org, {
        idleAlertMinutes: idleMinutes,
        ...(lowBatteryLevel === undefined ? {} : { lowBatteryAlertLevel: lowBatteryLevel }),
        ...(powerCutV === undefined ? {} : { powerCutAlertV: powerCutV }),
      });
      const { properties } = await getOrganisationSettings(db, request.organisation);
      return {
        idleMinutes,
        lowBatteryLevel: properties.lowBatteryAlertLevel,
        powerCutV: properties.powerCutAlertV,
      };
    },
  );
};
