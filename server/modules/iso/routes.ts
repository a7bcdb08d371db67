// ISO 15143-3 (AEMP 2.0) out (issue 43, docs/integrations.md): the fleet snapshot by pages of 100
// and one machine's snapshot, XML unless JSON is asked for. An API client needs the iso:read
// scope; a person's own token works too. Each URL is read at most once a minute per client (the
// API's shared rate windows), fifteen times as often as the commercial portals allow.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { bearerToken } from '../../plugins/access.ts';
import { verifyAccessToken } from '../../security/tokens.ts';
import { equipmentDocument, fleetDocument, type IsoFormat, type Link } from './document.ts';
import { equipmentSnapshot, fleetPage, PAGE_SIZE } from './snapshot.ts';

const tags = ['iso'];
const CONTENT_TYPES: Record<IsoFormat, string> = {
  xml: 'application/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** JSON when the Accept header names it before any XML; XML otherwise, as the standard's default. */
export function formatOf(accept: string | undefined): IsoFormat {
  const json = accept?.search(/\bjson\b/i) ?? -1;
  const xml = accept?.search(/\bxml\b/i) ?? -1;
  return json >= 0 && (xml < 0 || json < xml) ? 'json' : 'xml';
}

export const isoRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db, keys }) => {
  /** Once a minute per client, URL and format: the key names the token's session (or client). */
  const config = {
    access: 'read' as const,
    scope: 'iso:read' as const,
    rateLimit: {
      max: 1,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => {
        const token = bearerToken(request);
        const claims = token ? verifyAccessToken(keys, token) : undefined;
        // The path alone: a query string added to it is the same document.
        const path = request.url.split('?')[0];
        return `iso|${claims?.sid ?? request.ip}|${formatOf(request.headers.accept)}|${path}`;
      },
    },
  };
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  app.get(
    endpoints.iso.fleet,
    {
      config,
      schema: {
        tags,
        params: Type.Object({ pageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }),
      },
    },
    async (request, reply) => {
      const { pageNumber } = request.params;
      const format = formatOf(request.headers.accept);
      const { equipment, total } = await fleetPage(db, request.organisation.id, pageNumber);
      const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
      if (pageNumber > last) {
        throw badRequest('pageNumber', `The fleet has ${last} page${last === 1 ? '' : 's'}`);
      }
      const page = (n: number) => `${origin(request)}/v1/iso/Fleet/${n}`;
      const links: Link[] = [
        { rel: 'self', href: page(pageNumber) },
        { rel: 'first', href: page(1) },
        ...(pageNumber > 1 ? [{ rel: 'prev' as const, href: page(pageNumber - 1) }] : []),
        ...(pageNumber < last ? [{ rel: 'next' as const, href: page(pageNumber + 1) }] : []),
        { rel: 'last', href: page(last) },
      ];
      return reply
        .type(CONTENT_TYPES[format])
        .send(fleetDocument(format, equipment, links, Date.now()));
    },
  );

  app.get(
    endpoints.iso.equipment,
    {
      config,
      schema: { tags, params: Type.Object({ equipmentId: Type.String({ format: 'uuid' }) }) },
    },
    async (request, reply) => {
      const format = formatOf(request.headers.accept);
      const equipment = await equipmentSnapshot(
        db,
        request.organisation.id,
        request.params.equipmentId,
      );
      if (!equipment) throw notFound('No such equipment');
      return reply.type(CONTENT_TYPES[format]).send(equipmentDocument(format, equipment));
    },
  );
};
