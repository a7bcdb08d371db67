// The user's own second factor (any role may secure their own account, so these are `read`
// routes), and staff requiring it of an organisation's people.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  RecoveryCodes,
  RequireSecondFactorBody,
  SECOND_FACTOR_ERRORS,
  SecondFactorCodeBody,
  SecondFactorSetup,
  SecondFactorStatus,
} from '../../../src/domain/api/secondFactor.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { conflict, HttpError, notFound } from '../../httpError.ts';
import { recordAudit } from '../audit/index.ts';
import {
  confirmSetup,
  isEnabled,
  newRecoveryCodes,
  organisationRequires,
  proves,
  recoveryCodesLeft,
  requiredBy,
  setOrganisationRequires,
  startSetup,
  turnOff,
} from './secondFactor.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const wrongCode = () =>
  new HttpError(
    400,
    SECOND_FACTOR_ERRORS.invalid,
    'That code is not right, or was already used',
    'code',
  );

const audit = (
  db: Queryable,
  organisationId: string,
  userId: string,
  action: 'user.second-factor-on' | 'user.second-factor-off',
) => recordAudit(db, { action, organisationId, actorUserId: userId, subjectUserId: userId });

export const secondFactorRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.me.secondFactor,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], response: { 200: SecondFactorStatus } },
    },
    async (request) => {
      const userId = request.auth.sub;
      return {
        enabled: await isEnabled(db, userId),
        recoveryCodesLeft: await recoveryCodesLeft(db, userId),
        requiredBy: await requiredBy(db, userId),
        organisationRequires: await organisationRequires(db, request.organisation.id),
      };
    },
  );

  app.post(
    endpoints.me.secondFactorSetup,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], response: { 200: SecondFactorSetup } },
    },
    async (request) => {
      const setup = await startSetup(db, request.auth.sub);
      if (!setup) throw conflict('Two-step sign-in is already on');
      return setup;
    },
  );

  app.post(
    endpoints.me.secondFactorEnable,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], body: SecondFactorCodeBody, response: { 200: RecoveryCodes } },
    },
    async (request) => {
      const userId = request.auth.sub;
      if (await isEnabled(db, userId)) throw conflict('Two-step sign-in is already on');
      if (!(await confirmSetup(db, userId, request.body.code))) throw wrongCode();
      await audit(db, request.organisation.id, userId, 'user.second-factor-on');
      return { recoveryCodes: await newRecoveryCodes(db, userId) };
    },
  );

  app.post(
    endpoints.me.secondFactorRecoveryCodes,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], body: SecondFactorCodeBody, response: { 200: RecoveryCodes } },
    },
    async (request) => {
      const userId = request.auth.sub;
      if (!(await isEnabled(db, userId)) || !(await proves(db, userId, request.body.code)))
        throw wrongCode();
      return { recoveryCodes: await newRecoveryCodes(db, userId) };
    },
  );

  app.post(
    endpoints.me.secondFactorDisable,
    {
      config: { access: 'read' },
      schema: { tags: ['auth'], body: SecondFactorCodeBody },
    },
    async (request, reply) => {
      const userId = request.auth.sub;
      const requiring = await requiredBy(db, userId);
      if (requiring.length > 0)
        throw new HttpError(
          403,
          SECOND_FACTOR_ERRORS.mandatory,
          `${requiring.join(', ')} requires two-step sign-in`,
        );
      if (!(await isEnabled(db, userId)) || !(await proves(db, userId, request.body.code)))
        throw wrongCode();
      await turnOff(db, userId);
      await audit(db, request.organisation.id, userId, 'user.second-factor-off');
      return reply.code(204).send();
    },
  );

  app.put(
    endpoints.admin.organisations.secondFactor,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: RequireSecondFactorBody,
        response: { 200: RequireSecondFactorBody },
      },
    },
    async (request) => {
      const saved = await setOrganisationRequires(db, request.params.id, request.body.required);
      if (!saved) throw notFound('No such organisation');
      await recordAudit(db, {
        action: request.body.required
          ? 'organisation.second-factor-required'
          : 'organisation.second-factor-optional',
        organisationId: request.params.id,
        actorUserId: request.auth.sub,
        subjectUserId: null,
      });
      return saved;
    },
  );
};
