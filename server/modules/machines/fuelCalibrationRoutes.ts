// A machine's tank calibration: its CSV template, the table in use, an upload (every row checked,
// nothing changed on a bad one) and its removal; both recompute the machine's whole history.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { FuelCalibrationReply } from '../../../src/domain/api/machineSettings.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, badRows, notFound } from '../../httpError.ts';
import { recomputeHistory } from '../../telemetry/engine/recomputeHistory.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { CALIBRATION_TEMPLATE, parseCalibrationCsv } from './calibrationCsv.ts';
import { calibrationOf, deleteCalibration, saveCalibration } from './fuelSettings.ts';
import { assertOwnMachine, machineVisibility } from './visibility.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tags = ['machines'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const MAX_CALIBRATION_BYTES = 1_000_000;

export const fuelCalibrationRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.get(
    endpoints.portal.machines.fuelCalibrationTemplate,
    { config: { access: 'read', feature: 'modules.fuel' }, schema: { tags } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fuel-calibration-template.csv"')
        .send(CALIBRATION_TEMPLATE),
  );

  app.get(
    endpoints.portal.machines.fuelCalibration,
    {
      config: { access: 'read', feature: 'modules.fuel' },
      schema: { tags, params: Id, response: { 200: FuelCalibrationReply } },
    },
    async (request) => {
      if (!(await machineVisibility(db, request.auth.org, request.params.id))) {
        throw notFound('No such machine');
      }
      return calibrationOf(db, request.params.id);
    },
  );

  app.post(
    endpoints.portal.machines.fuelCalibration,
    {
      config: { access: 'write', feature: 'modules.fuel' },
      schema: { tags, params: Id, response: { 200: FuelCalibrationReply } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      if (!request.isMultipart())
        throw badRequest('file', 'Send the calibration as a multipart file');
      const file = await request.file({ limits: { fileSize: MAX_CALIBRATION_BYTES } });
      if (!file) throw badRequest('file', 'No file was sent');
      const bytes = await file.toBuffer();
      if (file.file.truncated) {
        throw badRequest('file', `The file is larger than ${MAX_CALIBRATION_BYTES} bytes`);
      }
      const name = file.filename || 'calibration.csv';
      if (!/\.csv$/i.test(name) && !/csv|text\/plain|excel/.test(file.mimetype)) {
        throw badRequest('file', 'The calibration must be a CSV file');
      }
      const { points, errors } = parseCalibrationCsv(bytes.toString('utf8'));
      if (errors.length > 0) {
        throw badRows(
          'file',
          `The calibration has ${errors.length} bad row(s); nothing was changed`,
          errors,
        );
      }
      const uploadedAt = await saveCalibration(db, request.params.id, {
        points,
        fileName: name,
        userId: request.auth.sub,
      });
      await recomputeHistory(db, rollups, request.params.id);
      return { fileName: name, uploadedAt, points };
    },
  );

  app.delete(
    endpoints.portal.machines.fuelCalibration,
    {
      config: { access: 'write', feature: 'modules.fuel' },
      schema: { tags, params: Id },
    },
    async (request, reply) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await deleteCalibration(db, request.params.id);
      await recomputeHistory(db, rollups, request.params.id);
      return reply.code(204).send();
    },
  );
};
