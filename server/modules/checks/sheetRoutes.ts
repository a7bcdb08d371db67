// What a phone needs to record a hire's check, and what the hire's readers see of its checks
// (issue 44): the checklist that applies to the hire, the checks' photos (the recording
// organisation's files, shown to whoever sees the hire), and the hire's sheet as a PDF.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CheckTemplate } from '../../../src/domain/api/checks.ts';
import { TimeZone } from '../../../src/domain/api/dates.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { CONTENT_TYPES } from '../../documents/contentTypes.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { acceptedLanguage, userLanguage } from '../accounts/index.ts';
import { getBrandConfiguration } from '../brand/index.ts';
import { documentBytes } from '../files/index.ts';
import { getHire } from '../hires/index.ts';
import { isMailLanguage } from '../mail/index.ts';
import { checkDifferences } from './differences.ts';
import { mayRecord } from './hireCheckRoutes.ts';
import { hireChecks, photoOwners } from './hireChecks.ts';
import { renderHireSheet } from './hireSheet.ts';
import { SHEET_WORDS } from './sheetWords.ts';
import { hireTemplate } from './templates.ts';

const tags = ['checks'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const sheetRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db, files }) => {
  app.get(
    endpoints.portal.hires.checkTemplate,
    {
      config: { access: 'read' },
      schema: { tags, params: Id, response: { 200: CheckTemplate } },
    },
    async (request) => {
      const hire = await getHire(db, request.auth.org, request.params.id);
      // A customer gets the checklist only to record the off-hire check, when it may.
      await mayRecord(db, hire, request.auth.org, 'offHire');
      return hireTemplate(db, hire, undefined);
    },
  );

  app.get(
    endpoints.portal.hires.checkPhoto,
    {
      config: { access: 'read' },
      schema: {
        tags,
        params: Type.Object({
          id: Type.String({ format: 'uuid' }),
          fileId: Type.String({ format: 'uuid' }),
        }),
      },
    },
    async (request, reply) => {
      const hire = await getHire(db, request.auth.org, request.params.id);
      const owner = (await photoOwners(db, hire.id)).get(request.params.fileId);
      if (!owner) throw notFound('No such photo on this hire’s checks');
      const { record, bytes } = await documentBytes(db, files, owner, request.params.fileId);
      // A photo is private to those who see the hire: kept by the browser, never by a proxy.
      reply.header('cache-control', 'private, max-age=86400');
      return reply.type(record.contentType).send(bytes);
    },
  );

  app.get(
    endpoints.portal.hires.sheet,
    {
      config: { access: 'read' },
      schema: {
        tags,
        params: Id,
        querystring: Type.Object({ timeZone: Type.Optional(TimeZone) }),
      },
    },
    async (request, reply) => {
      const hire = await getHire(db, request.auth.org, request.params.id);
      const checks = await hireChecks(db, hire.id);
      // Each photo read once, from whoever recorded its check; a file gone is named in the sheet.
      const photos = new Map<string, Buffer | null>();
      for (const [id, owner] of await photoOwners(db, hire.id)) {
        const found = await documentBytes(db, files, owner, id).catch(() => null);
        photos.set(id, found?.bytes ?? null);
      }
      const language =
        (await userLanguage(db, request.auth.sub)) ??
        acceptedLanguage(request.headers['accept-language']) ??
        'en';
      const organisation = await getOrganisation(db, request.auth.org);
      const brand = await getBrandConfiguration(db, hire.rentalOrganisationId);
      const pdf = await renderHireSheet({
        hire,
        checks,
        differences: checkDifferences(
          checks.find((check) => check.kind === 'onHire'),
          checks.find((check) => check.kind === 'offHire'),
        ),
        photos,
        words: SHEET_WORDS[isMailLanguage(language) ? language : 'en'],
        language,
        timeZone: request.query.timeZone ?? organisation?.timezone ?? 'Europe/London',
        colour: brand.primaryColour.backgroundColour,
      });
      const name = hire.contractNumber.replace(/[^\w.-]/g, '_');
      reply.header('content-disposition', `attachment; filename="hire-${name}.pdf"`);
      return reply.type(CONTENT_TYPES.pdf).send(pdf);
    },
  );
};
