// Scheduled reports (issue 18) and their runs: a run asked for now is counted against the mail
// caps at once, so the refusal comes back to the asker.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ReportRun, ReportSchedule, ReportScheduleBody } from '../../../src/domain/api/reports.ts';
import { sendRange } from '../../simpleRest.ts';
import { reserveMail } from '../mailCaps/index.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { mayRunReport } from './categories.ts';
import { checkFilter, Id, member, tags, type ReportRouteOptions } from './requests.ts';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listRuns,
  listSchedules,
  runScheduleNow,
  scheduleRow,
  updateSchedule,
} from './schedules.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const reportScheduleRoutes: FastifyPluginAsyncTypebox<ReportRouteOptions> = async (
  app,
  { db, wakeReports, config },
) => {
  app.get(
    endpoints.portal.reports.schedules,
    {
      config: { access: 'read' },
      schema: { tags, response: { 200: Type.Array(ReportSchedule) } },
    },
    async (request, reply) => {
      const schedules = await listSchedules(db, request.auth.org);
      sendRange(reply, 'reportSchedules', 0, schedules.length, schedules.length);
      return schedules;
    },
  );

  app.get(
    endpoints.portal.reports.schedulesItem,
    { config: { access: 'read' }, schema: { tags, params: Id, response: { 200: ReportSchedule } } },
    async (request) => getSchedule(db, request.auth.org, request.params.id),
  );

  const checkSchedule = async (
    request: { auth: { org: string; sub: string }; organisation: Organisation },
    body: ReportScheduleBody,
  ) => {
    checkFilter(request.organisation, body.filter);
    await mayRunReport(db, request.auth.org, request.auth.sub, body.type);
  };

  app.post(
    endpoints.portal.reports.schedules,
    {
      config: { access: 'write' },
      schema: { tags, body: ReportScheduleBody, response: { 201: ReportSchedule } },
    },
    async (request, reply) => {
      await checkSchedule(request, request.body);
      const schedule = await createSchedule(db, member(request), request.body);
      wakeReports();
      return reply.code(201).send(schedule);
    },
  );

  app.put(
    endpoints.portal.reports.schedulesItem,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: ReportScheduleBody, response: { 200: ReportSchedule } },
    },
    async (request) => {
      // Another organisation's id is a 404 before anything about the body.
      await scheduleRow(db, request.auth.org, request.params.id);
      await checkSchedule(request, request.body);
      return updateSchedule(db, request.auth.org, request.params.id, request.body);
    },
  );

  app.delete(
    endpoints.portal.reports.schedulesItem,
    { config: { access: 'write' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await deleteSchedule(db, request.auth.org, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    endpoints.portal.reports.schedulesRun,
    { config: { access: 'write' }, schema: { tags, params: Id, response: { 202: ReportRun } } },
    async (request, reply) => {
      // Asked for now, so counted against the mail caps now: a refusal comes back to the asker.
      const schedule = await getSchedule(db, request.auth.org, request.params.id);
      await reserveMail(
        db,
        config.mailCaps,
        {
          organisationId: request.auth.org,
          userId: request.auth.sub,
          kind: 'report-run',
          members: schedule.recipientUserIds.length,
          outside: schedule.recipientEmails.length,
        },
        'id',
      );
      const run = await runScheduleNow(db, request.auth.org, request.params.id);
      wakeReports();
      return reply.code(202).send(run);
    },
  );

  app.get(
    endpoints.portal.reports.schedulesRuns,
    {
      config: { access: 'read' },
      schema: { tags, params: Id, response: { 200: Type.Array(ReportRun) } },
    },
    async (request) => listRuns(db, request.auth.org, request.params.id, 50),
  );
};
