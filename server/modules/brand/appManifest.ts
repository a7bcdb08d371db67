// The web app manifest and icon of the installable portal (issue 40): named after the organisation
// and in its colours once the portal knows whose it is, the portal's own before anyone signs in.
// Public, as the browser fetches both without the user's token.
import type { FastifyInstance } from 'fastify';
import { AppManifestQuery } from '../../../src/domain/api/organisations.ts';
import { DEFAULT_BRAND_CONFIGURATION } from '../../../src/domain/brand.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { APP_ICON_PX, appIcon } from './appIcon.ts';
import { brandLogo, getBrandConfiguration } from './service.ts';

const PORTAL_NAME = 'Fleet portal';
/** Browsers fetch these on every start of the installed app: an hour keeps a new brand near. */
const CACHE_CONTROL = 'public, max-age=3600';

export async function registerAppManifest(
  app: FastifyInstance,
  { db, files }: ServerContext,
): Promise<void> {
  /** The organisation asked for and its brand; a name no organisation has is a 404. */
  const brandOf = async (organisationId: string | undefined) => {
    if (!organisationId) return { organisation: null, brand: DEFAULT_BRAND_CONFIGURATION };
    const organisation = await getOrganisation(db, organisationId);
    if (!organisation) throw notFound('No such organisation');
    return { organisation, brand: await getBrandConfiguration(db, organisation.id) };
  };

  app.get<{ Querystring: AppManifestQuery }>(
    endpoints.brandManifest,
    {
      config: { access: 'public' },
      schema: { tags: ['organisation'], querystring: AppManifestQuery },
    },
    async (request, reply) => {
      const { organisation, brand } = await brandOf(request.query.organisation);
      const icon = organisation
        ? `${endpoints.brandIcon}?organisation=${organisation.id}`
        : endpoints.brandIcon;
      return reply
        .type('application/manifest+json')
        .header('cache-control', CACHE_CONTROL)
        .send({
          name: organisation ? `${organisation.name} · ${PORTAL_NAME}` : PORTAL_NAME,
          short_name: organisation?.name ?? PORTAL_NAME,
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: brand.primaryColour.backgroundColour,
          icons: [
            {
              src: icon,
              sizes: `${APP_ICON_PX}x${APP_ICON_PX}`,
              type: 'image/png',
              purpose: 'any',
            },
          ],
        });
    },
  );

  app.get<{ Querystring: AppManifestQuery }>(
    endpoints.brandIcon,
    {
      config: { access: 'public' },
      schema: { tags: ['organisation'], querystring: AppManifestQuery },
    },
    async (request, reply) => {
      const { organisation, brand } = await brandOf(request.query.organisation);
      const logo = organisation ? await brandLogo(db, files, organisation.id) : null;
      const colours = {
        background: brand.primaryColour.backgroundColour,
        text: brand.primaryColour.textColour,
      };
      return reply
        .type('image/png')
        .header('cache-control', CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(appIcon(colours, logo));
    },
  );
}
