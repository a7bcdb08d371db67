// POST and DELETE /v1/portal/brandconfig (spec point 7): an organisation's admins set its logo and
// colours for every user of it; GET /v1/brand-logos/… serves the logo to <img> tags, which carry no
// token, at an address that changes with the logo.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { PublicBrandQuery, PublicBrandReply } from '../../../src/domain/api/organisations.ts';
import { BrandConfigurationReply } from '../../../src/domain/api/session.ts';
import {
  BRAND_COLOUR_FIELDS,
  type BrandColourField,
  LOGO_LIMITS,
} from '../../../src/domain/brand.ts';
import { isHexColour } from '../../../src/domain/colour.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { recordAudit } from '../audit/index.ts';
import { checkLogo, logoTooLarge } from './logo.ts';
import { registerAppManifest } from './appManifest.ts';
import { organisationByLoginDomain } from '../orgs/index.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import {
  getBrandConfiguration,
  logoByLink,
  resetBrandConfiguration,
  saveBrandConfiguration,
} from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const isColourField = (name: string): name is BrandColourField =>
  (BRAND_COLOUR_FIELDS as readonly string[]).includes(name);

export const brandRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db, files }) => {
  app.post(
    endpoints.portal.brandconfig,
    {
      config: { access: 'write' },
      schema: {
        tags: ['organisation'],
        description:
          'A multipart form: logoFile (PNG) and any of primary_background_colour, ' +
          'primary_text_colour, secondary_background_colour, secondary_text_colour (hex).',
        response: { 200: BrandConfigurationReply },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('logoFile', 'Send the brand configuration as a multipart form');
      const { colours, logo } = await readBrandForm(request);
      if (logo) await checkLogo(logo);
      if (!logo && Object.keys(colours).length === 0)
        throw badRequest('logoFile', 'Send a logo or at least one colour');
      const saved = await saveBrandConfiguration(db, files, request.auth.org, { colours, logo });
      await recordAudit(db, {
        action: 'brand.saved',
        organisationId: request.auth.org,
        actorUserId: request.auth.sub,
        subjectUserId: null,
        details: { colours, logo: logo ? saved.logoLink : undefined },
      });
      return saved;
    },
  );

  app.delete(
    endpoints.portal.brandconfig,
    {
      config: { access: 'write' },
      schema: { tags: ['organisation'], response: { 200: BrandConfigurationReply } },
    },
    async (request) => {
      const reset = await resetBrandConfiguration(db, files, request.auth.org);
      await recordAudit(db, {
        action: 'brand.reset',
        organisationId: request.auth.org,
        actorUserId: request.auth.sub,
        subjectUserId: null,
      });
      return reset;
    },
  );
};

/** The form's colours and logo, each field checked by name; a logo over the limit is refused. */
async function readBrandForm(request: FastifyRequest) {
  const colours: Partial<Record<BrandColourField, string>> = {};
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOGO_LIMITS.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'logoFile')
          throw badRequest(part.fieldname, `Unknown file field '${part.fieldname}'`);
        logo = await part.toBuffer();
        continue;
      }
      if (!isColourField(part.fieldname))
        throw badRequest(part.fieldname, `Unknown field '${part.fieldname}'`);
      const value = String(part.value).trim();
      if (!isHexColour(value))
        throw badRequest(part.fieldname, `'${value}' is not a hex colour such as #0857B2`);
      colours[part.fieldname] = value;
    }
  } catch (error) {
    // The upload stops at the limit, so its size is known only to be over it.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') logoTooLarge();
    throw error;
  }
  return { colours, logo };
}

const LogoParams = Type.Object({
  organisationId: Type.String({ format: 'uuid' }),
  name: Type.String({ pattern: '^[0-9a-f]{32}\\.png$' }),
});

/**
 * Outside authentication: the logo (the login page and mails show it before anyone signs in), and
 * GET /v1/brand, the brand of the sign-in page reached through an organisation's own link
 * (`/login?organisation=`) or one of its host names (staff set them).
 */
export async function registerPublicBrand(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const { db, files } = context;
  await registerAppManifest(app, context);
  app.get<{ Querystring: PublicBrandQuery }>(
    endpoints.brand,
    {
      config: { access: 'public' },
      schema: {
        tags: ['organisation'],
        querystring: PublicBrandQuery,
        response: { 200: PublicBrandReply },
      },
    },
    async (request) => {
      const { organisation: named, host } = request.query;
      const id = named ?? (host ? await organisationByLoginDomain(db, host) : undefined);
      const organisation = id ? await getOrganisation(db, id) : undefined;
      // An organisation's own link that names none is a broken link; an unclaimed host is not.
      if (named && !organisation) throw notFound('No such organisation');
      if (!organisation) return { brand: null };
      return {
        brand: {
          organisationId: organisation.id,
          organisationName: organisation.name,
          brandConfiguration: await getBrandConfiguration(db, organisation.id),
        },
      };
    },
  );

  app.get<{ Params: { organisationId: string; name: string } }>(
    endpoints.brandLogos.item,
    { config: { access: 'public' }, schema: { tags: ['organisation'], params: LogoParams } },
    async (request, reply) => {
      const { organisationId, name } = request.params;
      const logo = await logoByLink(db, files, organisationId, name);
      if (!logo) throw notFound('No such logo');
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo);
    },
  );
}
