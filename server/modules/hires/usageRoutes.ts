// A hire's engine hours and over-use for the ERP and the hire's page (GET …/usage), how many hires
// are idle on hire or not returned (the dashboard's card), and the rental company's settings.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { HireFlagCounts, HireUsage, RentalSettings } from '../../../src/domain/api/hires.ts';
import type { ServerContext } from '../../context.ts';
import { rentalSettings, setRentalSettings } from '../../tenancy/organisation.ts';
import { driftThresholdChanged } from '../meters/index.ts';
import { flaggedHires } from './flags.ts';
import { hireRow } from './store.ts';
import { hireUsages } from './usage.ts';
import { Id, tags } from './routes.ts';

export const hireUsageRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.hires.usage,
    {
      config: { access: 'read', scope: 'hires:read' },
      schema: { tags, params: Id, response: { 200: HireUsage } },
    },
    async (request) => {
      // The customer reads its own hire's figures too: they are what it is billed.
      const row = await hireRow(db, request.auth.org, request.params.id);
      const [owner] = await db.query<{ timezone: string }>(
        'SELECT timezone FROM organisation WHERE id = $1',
        [row.rental_organisation_id],
      );
      const { currency } = await rentalSettings(db, row.rental_organisation_id);
      const [usage] = await hireUsages(
        db,
        [{ ...row, timezone: owner?.timezone ?? 'UTC', currency }],
        { fromMs: -Infinity, toMs: Date.now() },
      );
      return usage;
    },
  );

  app.get(
    endpoints.portal.hires.flags,
    { config: { access: 'read' }, schema: { tags, response: { 200: HireFlagCounts } } },
    async (request) => {
      const flagged = await flaggedHires(db, Date.now(), [request.auth.org]);
      return {
        idleOnHire: flagged.filter((hire) => hire.flag === 'idleOnHire').length,
        notReturned: flagged.filter((hire) => hire.flag === 'notReturned').length,
      };
    },
  );

  app.get(
    endpoints.organisation.settingsRental,
    {
      config: { access: 'read' },
      schema: { tags: ['organisation'], response: { 200: RentalSettings } },
    },
    async (request) => rentalSettings(db, request.auth.org),
  );

  app.put(
    endpoints.organisation.settingsRental,
    {
      config: { access: 'write' },
      schema: { tags: ['organisation'], body: RentalSettings, response: { 200: RentalSettings } },
    },
    async (request) => {
      await setRentalSettings(db, request.auth.org, request.body);
      // The stored drift flags follow the new threshold on the meters worker's next pass.
      await driftThresholdChanged(db, request.auth.org);
      return rentalSettings(db, request.auth.org);
    },
  );
};
