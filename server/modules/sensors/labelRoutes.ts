// The QR labels on devices and machines: what a scanned code opens, and a sheet of labels to print
// for a batch of devices (staff).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { LabelSheetBody, QrTargetReply } from '../../../src/domain/api/sensors.ts';
import type { ServerContext } from '../../context.ts';
import { deviceLabelSheet, qrTarget } from './labels.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tags = ['sensors'];

export const labelRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  app.get(
    endpoints.portal.qr.item,
    {
      config: { access: 'read' },
      schema: {
        tags,
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }) }),
        querystring: Type.Object(
          { claim: Type.Optional(Type.String({ maxLength: 40 })) },
          { additionalProperties: false },
        ),
        response: { 200: QrTargetReply },
      },
    },
    async (request) => qrTarget(db, request.auth, request.params.code, request.query.claim),
  );

  app.post(
    endpoints.admin.sensors.labels,
    { config: { access: 'staff' }, schema: { tags, body: LabelSheetBody } },
    async (request, reply) => {
      const pdf = await deviceLabelSheet(db, config.publicUrl, request.body.codes);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="device-labels.pdf"')
        .send(pdf);
    },
  );
};
