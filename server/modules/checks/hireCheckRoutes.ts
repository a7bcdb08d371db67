// /v1/portal/hires/{id}/checks (issue 44): the rental company's yard records a hire's on-hire and
// off-hire checks (its customer the off-hire one, when allowed); whoever sees the hire reads them
// and what changed between.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CheckDifferences,
  HireCheck,
  HireCheckBody,
  type CheckKind,
} from '../../../src/domain/api/checks.ts';
import type { Hire } from '../../../src/domain/api/hires.ts';
import type { Queryable } from '../../db/database.ts';
import { rentalSettings } from '../../tenancy/organisation.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { ServerContext } from '../../context.ts';
import { forbidden } from '../../httpError.ts';
import { actorOf, auditRequest } from '../audit/index.ts';
import { getHire } from '../hires/index.ts';
import { checkDifferences } from './differences.ts';
import { hireChecks, recordCheck } from './hireChecks.ts';
import { hireTemplate } from './templates.ts';

const tags = ['checks'];

/**
 * The rental company records its hires' checks; the customer records the off-hire check of its
 * own hire when the rental company allows it (its rental settings).
 */
export async function mayRecord(
  db: Queryable,
  hire: Pick<Hire, 'rentalOrganisationId' | 'customerOrganisationId'>,
  organisationId: string,
  kind: CheckKind,
): Promise<void> {
  if (hire.rentalOrganisationId === organisationId) return;
  const allowed =
    hire.customerOrganisationId === organisationId &&
    kind === 'offHire' &&
    (await rentalSettings(db, hire.rentalOrganisationId)).customerOffHireChecks === true;
  if (!allowed) {
    throw forbidden(
      kind === 'offHire'
        ? 'The rental company does not let its customers record off-hire checks'
        : 'Only the rental company records the on-hire check',
    );
  }
}
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const hireCheckRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.hires.checks,
    {
      config: { access: 'read' },
      schema: { tags, params: Id, response: { 200: Type.Array(HireCheck) } },
    },
    async (request) => {
      const hire = await getHire(db, request.auth.org, request.params.id);
      return hireChecks(db, hire.id);
    },
  );

  app.get(
    endpoints.portal.hires.checkDifferences,
    {
      config: { access: 'read' },
      schema: { tags, params: Id, response: { 200: CheckDifferences } },
    },
    async (request) => {
      const hire = await getHire(db, request.auth.org, request.params.id);
      const checks = await hireChecks(db, hire.id);
      return checkDifferences(
        checks.find((check) => check.kind === 'onHire'),
        checks.find((check) => check.kind === 'offHire'),
      );
    },
  );

  app.post(
    endpoints.portal.hires.checks,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: HireCheckBody, response: { 201: HireCheck } },
    },
    async (request, reply) => {
      const hire = await getHire(db, request.auth.org, request.params.id);
      await mayRecord(db, hire, request.auth.org, request.body.kind);
      // The rental company's checklist, whoever records the check.
      const template = await hireTemplate(db, hire, request.body.templateId);
      const check = await recordCheck(
        db,
        { id: hire.id, recordedBy: request.auth.org },
        template,
        request.body,
        actorOf(request.auth).userId,
      );
      await auditRequest(db, request, 'hire.checked', {
        hireId: hire.id,
        checkId: check.id,
        kind: check.kind,
        answers: check.answers,
      });
      return reply.code(201).send(check);
    },
  );
};
