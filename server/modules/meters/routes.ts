// A machine's hour meter (issue 41, docs/rental.md "Hour meters"): its readings and the meter now,
// a new reading, the leading source, and the older correction call (PATCH …/vhm on both paths),
// which stores a reading of kind correction. Members who see the machine read; its owner's writers
// write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { HourMeterBody, MachineSettings } from '../../../src/domain/api/machineSettings.ts';
import {
  MeterLeadBody,
  MeterReading,
  MeterReadingBody,
  MeterReply,
} from '../../../src/domain/api/meters.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { auditRequest } from '../audit/index.ts';
import { assertOwnMachine, machineSettings, machineVisibility } from '../machines/index.ts';
import { weighDrift } from './drift.ts';
import { readingById } from './store.ts';
import { meterView } from './view.ts';
import { anchorMeter, recordCorrection, recordReading } from './writes.ts';

const tags = ['meters'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const meterRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.machines.meterReadings,
    { config: { access: 'read' }, schema: { tags, params: Id, response: { 200: MeterReply } } },
    async (request) => {
      // A customer reads the meter of a machine it hires or hired, the readings of its hires only.
      const visibility = await machineVisibility(db, request.auth.org, request.params.id);
      if (!visibility) throw notFound('No such machine');
      const [owner] = await db.query<{ organisation_id: string }>(
        'SELECT organisation_id FROM machine WHERE id = $1',
        [request.params.id],
      );
      const view = await meterView(
        db,
        owner?.organisation_id ?? request.auth.org,
        request.params.id,
        Date.now(),
      );
      if (visibility.owned) return view;
      const seen = (at: string) =>
        visibility.periods.some((p) => Date.parse(at) >= p.fromMs && Date.parse(at) < p.toMs);
      return {
        ...view,
        sources: view.sources.filter((s) => seen(s.readAt)),
        readings: view.readings.filter((r) => seen(r.readAt)),
      };
    },
  );

  app.post(
    endpoints.portal.machines.meterReadings,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: MeterReadingBody, response: { 201: MeterReading } },
    },
    async (request, reply) => {
      const machineId = request.params.id;
      await assertOwnMachine(db, request.auth, machineId);
      const { valueH, readAt, source, replacement, rollover, fileId } = request.body;
      const id = await recordReading(db, request.auth.org, {
        machineId,
        source: source ?? 'manual',
        readAt: new Date(readAt),
        valueH,
        replacement,
        rollover,
        documentId: fileId,
        userId: request.auth.sub,
      });
      await weighDrift(db, machineId, Date.now());
      const reading = await readingById(db, id);
      await auditRequest(db, request, 'meter.read', { machineId, ...reading });
      return reply.code(201).send(reading);
    },
  );

  app.put(
    endpoints.portal.machines.meterLead,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: MeterLeadBody, response: { 200: MeterReply } },
    },
    async (request) => {
      const machineId = request.params.id;
      await assertOwnMachine(db, request.auth, machineId);
      const { lead } = request.body;
      await db.transaction(async (tx) => {
        await tx.query('UPDATE machine SET meter_lead = $2 WHERE id = $1', [
          machineId,
          lead === 'automatic' ? null : lead,
        ]);
        await anchorMeter(tx, machineId);
      });
      await weighDrift(db, machineId, Date.now());
      await auditRequest(db, request, 'meter.lead-set', { machineId, lead });
      return meterView(db, request.auth.org, machineId, Date.now());
    },
  );

  for (const path of [endpoints.portal.machines.vhm, endpoints.machines.vhm]) {
    app.patch(
      path,
      {
        config: { access: 'write' },
        schema: {
          tags: ['machines'],
          params: Id,
          body: HourMeterBody,
          response: { 200: MachineSettings },
        },
      },
      async (request) => {
        const machineId = request.params.id;
        await assertOwnMachine(db, request.auth, machineId);
        await recordCorrection(db, request.auth.org, machineId, {
          ...request.body,
          userId: request.auth.sub,
        });
        return machineSettings(db, machineId);
      },
    );
  }
};
