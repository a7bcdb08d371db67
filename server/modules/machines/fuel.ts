// A machine's fuel: the tank level with its refills and thefts, the settings that decide what counts
// as a refill or a theft, and the tank calibration that turns a level sensor's percent into litres.
// A change to the settings or the calibration recomputes the machine's whole history.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  FuelCalibrationReply,
  FuelQuery,
  FuelReply,
  FuelSettings,
  type CalibrationPoint,
} from '../../../src/domain/api/machineSettings.ts';
import { addDays, nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, badRows, notFound } from '../../httpError.ts';
import { analyseFuel } from '../../telemetry/engine/fuel.ts';
import { machineSamples } from '../../telemetry/engine/recompute.ts';
import { DEFAULT_MIN_DIPPING_L, DEFAULT_MIN_REFUELLING_L } from '../../telemetry/engine/rules.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { CALIBRATION_TEMPLATE, parseCalibrationCsv } from './calibrationCsv.ts';
import { recomputeHistory } from '../../telemetry/engine/recomputeHistory.ts';
import { assertOwnMachine, machineVisibility } from './visibility.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
/** The fuel chart reads raw records: a quarter at most. */
const MAX_FUEL_DAYS = 92;
const MAX_LEVEL_POINTS = 2000;
const MAX_CALIBRATION_BYTES = 1_000_000;

export const fuelRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.get(
    '/v1/portal/fuel/:id',
    {
      config: { access: 'read', feature: 'modules.fuel' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: FuelQuery,
        response: { 200: FuelReply },
      },
    },
    async (request) => {
      const visibility = await machineVisibility(db, request.auth.org, request.params.id);
      if (!visibility) throw notFound('No such machine');
      const today = zonedDate(new Date(), visibility.timezone);
      const endDate = request.query.endDate ?? today;
      const startDate = request.query.startDate ?? addDays(endDate, -6);
      if (endDate < startDate) throw badRequest('endDate', 'endDate must not be before startDate');
      const fromMs = startOfZonedDay(startDate, visibility.timezone).getTime();
      const toMs = startOfZonedDay(nextDate(endDate), visibility.timezone).getTime();
      if (toMs - fromMs > MAX_FUEL_DAYS * 86_400_000 + 3_600_000) {
        throw badRequest('endDate', `at most ${MAX_FUEL_DAYS} days at a time`);
      }
      const visible = (ms: number) =>
        ms >= fromMs && ms < toMs && visibility.periods.some((p) => p.fromMs <= ms && ms < p.toMs);

      const [loaded, fuelType, days] = await Promise.all([
        machineSamples(db, request.params.id, fromMs, toMs),
        db.query<{ fuel_type: string }>('SELECT fuel_type FROM machine WHERE id = $1', [
          request.params.id,
        ]),
        db.query<{ day: string; fuel_l: number; co2_kg: number; fuel_estimated: boolean }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, fuel_l, co2_kg, fuel_estimated FROM machine_day_rollup
            WHERE machine_id = $1 AND day >= $2 AND day <= $3 ORDER BY day`,
          [request.params.id, startDate, endDate],
        ),
      ]);
      const samples = loaded?.samples ?? [];
      const fuel = loaded ? analyseFuel(samples, loaded.profile) : { refills: [], thefts: [] };
      const levels = samples.filter((s) => s.fuelLevelL !== null && visible(s.timeMs));
      // Thinned evenly so a quarter of minute-by-minute records still draws quickly.
      const step = Math.max(1, Math.ceil(levels.length / MAX_LEVEL_POINTS));
      const event = (e: { atMs: number; litres: number }) => ({
        time: new Date(e.atMs).toISOString(),
        litres: e.litres,
      });
      return {
        fuelType: fuelType[0]?.fuel_type ?? 'diesel',
        levels: levels
          .filter((_, i) => i % step === 0 || i === levels.length - 1)
          .map((s) => ({ time: new Date(s.timeMs).toISOString(), litres: s.fuelLevelL as number })),
        refills: fuel.refills.filter((e) => visible(e.atMs)).map(event),
        thefts: fuel.thefts.filter((e) => visible(e.atMs)).map(event),
        // A customer sees only the days its hires cover.
        days: days
          .filter(
            (d) =>
              visible(startOfZonedDay(d.day, visibility.timezone).getTime()) || visibility.owned,
          )
          .map((d) => ({
            day: d.day,
            fuelL: d.fuel_l,
            co2Kg: d.co2_kg,
            estimated: d.fuel_estimated,
          })),
      };
    },
  );

  const settingsOf = async (id: string) => {
    const [row] = await db.query<{ min_refuelling_l: number; min_dipping_l: number }>(
      'SELECT min_refuelling_l, min_dipping_l FROM machine WHERE id = $1',
      [id],
    );
    if (!row) throw notFound('No such machine');
    return { min_refuelling_amount: row.min_refuelling_l, min_dipping_amount: row.min_dipping_l };
  };
  const saveSettings = async (id: string, settings: FuelSettings) => {
    const before = await settingsOf(id);
    await db.query('UPDATE machine SET min_refuelling_l = $2, min_dipping_l = $3 WHERE id = $1', [
      id,
      settings.min_refuelling_amount,
      settings.min_dipping_amount,
    ]);
    if (
      before.min_refuelling_amount !== settings.min_refuelling_amount ||
      before.min_dipping_amount !== settings.min_dipping_amount
    ) {
      await recomputeHistory(db, rollups, id);
    }
    return settings;
  };

  app.get(
    '/v1/portal/machines/:id/fuel/settings',
    {
      config: { access: 'read', feature: 'modules.fuel' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: Type.Object(
          { reset: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: { 200: FuelSettings },
      },
    },
    async (request) => {
      if (request.query.reset) {
        await assertOwnMachine(db, request.auth, request.params.id);
        return saveSettings(request.params.id, {
          min_refuelling_amount: DEFAULT_MIN_REFUELLING_L,
          min_dipping_amount: DEFAULT_MIN_DIPPING_L,
        });
      }
      if (!(await machineVisibility(db, request.auth.org, request.params.id))) {
        throw notFound('No such machine');
      }
      return settingsOf(request.params.id);
    },
  );

  app.put(
    '/v1/portal/machines/:id/fuel/settings',
    {
      config: { access: 'write', feature: 'modules.fuel' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: FuelSettings,
        response: { 200: FuelSettings },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      return saveSettings(request.params.id, request.body);
    },
  );

  app.get(
    '/v1/portal/machines/fuel/calibration/template',
    { config: { access: 'read', feature: 'modules.fuel' }, schema: { tags: ['machines'] } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fuel-calibration-template.csv"')
        .send(CALIBRATION_TEMPLATE),
  );

  app.get(
    '/v1/portal/machines/:id/fuel/calibration',
    {
      config: { access: 'read', feature: 'modules.fuel' },
      schema: { tags: ['machines'], params: Id, response: { 200: FuelCalibrationReply } },
    },
    async (request) => {
      if (!(await machineVisibility(db, request.auth.org, request.params.id))) {
        throw notFound('No such machine');
      }
      const [row] = await db.query<{
        points: CalibrationPoint[];
        file_name: string;
        uploaded_at: Date;
      }>('SELECT points, file_name, uploaded_at FROM fuel_calibration WHERE machine_id = $1', [
        request.params.id,
      ]);
      return {
        fileName: row?.file_name ?? null,
        uploadedAt: row?.uploaded_at.toISOString() ?? null,
        points: row?.points ?? [],
      };
    },
  );

  app.post(
    '/v1/portal/machines/:id/fuel/calibration',
    {
      config: { access: 'write', feature: 'modules.fuel' },
      schema: { tags: ['machines'], params: Id, response: { 200: FuelCalibrationReply } },
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
      const [saved] = await db.query<{ uploaded_at: Date }>(
        `INSERT INTO fuel_calibration (machine_id, points, file_name, uploaded_by) VALUES ($1, $2::jsonb, $3, $4)
         ON CONFLICT (machine_id) DO UPDATE
           SET points = EXCLUDED.points, file_name = EXCLUDED.file_name, uploaded_by = EXCLUDED.uploaded_by,
               uploaded_at = now()
         RETURNING uploaded_at`,
        [request.params.id, JSON.stringify(points), name, request.auth.sub],
      );
      await recomputeHistory(db, rollups, request.params.id);
      return { fileName: name, uploadedAt: saved?.uploaded_at.toISOString() ?? null, points };
    },
  );

  app.delete(
    '/v1/portal/machines/:id/fuel/calibration',
    {
      config: { access: 'write', feature: 'modules.fuel' },
      schema: { tags: ['machines'], params: Id },
    },
    async (request, reply) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await db.query('DELETE FROM fuel_calibration WHERE machine_id = $1', [request.params.id]);
      await recomputeHistory(db, rollups, request.params.id);
      return reply.code(204).send();
    },
  );
};
