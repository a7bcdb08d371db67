// GET and PUT /v1/organisation/settings/retention: how long the organisation keeps its records,
// positions, audit entries and rollups (docs/privacy.md). Members read it; its admins set it, no
// period under the deployment's floor (RETENTION_MIN_DAYS).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import {
  RETENTION_KINDS,
  RetentionPeriods,
  RetentionSettings,
} from '../../../src/domain/api/privacy.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { auditRequest } from '../audit/index.ts';
import { retentionPeriods, setRetentionPeriods } from './retentionStore.ts';

const tags = ['organisation'];
const orNull = (days: number) => (days > 0 ? days : null);

export const retentionRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  const settings = async (organisationId: string): Promise<RetentionSettings> => {
    const periods = await retentionPeriods(db, organisationId);
    if (!periods) throw notFound('Organisation not found');
    const [last] = await db.query<{ at: Date }>(
      `SELECT max(at) AS at FROM audit_event
        WHERE organisation_id = $1 AND action = 'retention.applied'`,
      [organisationId],
    );
    const { minDays, recordsDays, positionsDays, auditDays } = config.retention;
    return {
      periods,
      minDays,
      defaults: {
        recordsDays: orNull(recordsDays),
        positionsDays: orNull(positionsDays),
        auditDays: orNull(auditDays),
      },
      lastAppliedAt: last?.at ? new Date(last.at).toISOString() : null,
    };
  };

  app.get(
    endpoints.organisation.settingsRetention,
    { config: { access: 'read' }, schema: { tags, response: { 200: RetentionSettings } } },
    async (request) => settings(request.auth.org),
  );

  app.put(
    endpoints.organisation.settingsRetention,
    {
      config: { access: 'write' },
      schema: { tags, body: RetentionPeriods, response: { 200: RetentionSettings } },
    },
    async (request) => {
      for (const kind of RETENTION_KINDS) {
        const days = request.body[`${kind}Days`];
        if (days !== null && days < config.retention.minDays)
          throw badRequest(
            `${kind}Days`,
            `No period may be shorter than ${config.retention.minDays} days`,
          );
      }
      const before = await retentionPeriods(db, request.auth.org);
      await setRetentionPeriods(db, request.auth.org, request.body);
      await auditRequest(db, request, 'retention.changed', { from: before, to: request.body });
      return settings(request.auth.org);
    },
  );
};
