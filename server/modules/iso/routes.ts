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
import {
  equipmentDocument,
  fleetDocument,
  type IsoFormat,
  type Link,
  seriesDocument,
} from './document.ts';
import { SERIES_ELEMENTS, SERIES_PAGE_SIZE, timeSeries } from './series.ts';
import { equipmentSnapshot, fleetPage, PAGE_SIZE } from './snapshot.ts';

const tags = ['iso'];
const PageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000 });

/** The links of page `n` of `last`, each page's address made by `page`. */
function pageLinks(page: (n: number) => string, n: number, last: number): Link[] {
  return [
    { rel: 'self', href: page(n) },
    { rel: 'first', href: page(1) },
    ...(n > 1 ? [{ rel: 'prev' as const, href: page(n - 1) }] : []),
    ...(n < last ? [{ rel: 'next' as const, href: page(n + 1) }] : []),
    { rel: 'last', href: page(last) },
  ];
}

/** An instant in a time-series path: ISO 8601 in UTC. */
function instantOf(field: string, text: string): number {
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms))
    throw badRequest(field, `${field} must be a UTC date and time, as 2026-11-01T00:00:00Z`);
  return ms;
}

function lastPage(total: number, size: number, pageNumber: number): number {
  const last = Math.max(1, Math.ceil(total / size));
  if (pageNumber > last)
    throw badRequest('pageNumber', `There ${last === 1 ? 'is 1 page' : `are ${last} pages`}`);
  return last;
}
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
        params: Type.Object({ pageNumber: PageNumber }),
      },
    },
    async (request, reply) => {
      const { pageNumber } = request.params;
      const format = formatOf(request.headers.accept);
      const { equipment, total } = await fleetPage(db, request.organisation.id, pageNumber);
      const last = lastPage(total, PAGE_SIZE, pageNumber);
      const links = pageLinks((n) => `${origin(request)}/v1/iso/Fleet/${n}`, pageNumber, last);
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

  app.get(
    endpoints.iso.series,
    {
      config,
      schema: {
        tags,
        params: Type.Object({
          equipmentId: Type.String({ format: 'uuid' }),
          element: Type.Enum([...SERIES_ELEMENTS]),
          startDateUTC: Type.String({ format: 'date-time', maxLength: 40 }),
          endDateUTC: Type.String({ format: 'date-time', maxLength: 40 }),
          pageNumber: PageNumber,
        }),
      },
    },
    async (request, reply) => {
      const { equipmentId, element, startDateUTC, endDateUTC, pageNumber } = request.params;
      const fromMs = instantOf('startDateUTC', startDateUTC);
      const toMs = instantOf('endDateUTC', endDateUTC);
      if (toMs <= fromMs) throw badRequest('endDateUTC', 'endDateUTC must be after startDateUTC');
      const format = formatOf(request.headers.accept);
      const equipment = await equipmentSnapshot(db, request.organisation.id, equipmentId);
      if (!equipment) throw notFound('No such equipment');
      const nowMs = Date.now();
      const window = {
        machineId: equipment.id,
        fromMs: Math.max(fromMs, equipment.visibleFromMs ?? -Infinity),
        toMs: Math.min(toMs, nowMs),
        offset: (pageNumber - 1) * SERIES_PAGE_SIZE,
      };
      const { readings, total } =
        window.fromMs < window.toMs
          ? await timeSeries(db, equipment, element, window)
          : { readings: [], total: 0 };
      const last = lastPage(total, SERIES_PAGE_SIZE, pageNumber);
      const base = `${origin(request)}/v1/iso/Fleet/Equipment/ID/${equipment.id}/${element}`;
      const links = pageLinks(
        (n) => `${base}/${startDateUTC}/${endDateUTC}/${n}`,
        pageNumber,
        last,
      );
      return reply
        .type(CONTENT_TYPES[format])
        .send(seriesDocument(format, element, readings, links, nowMs));
    },
  );
};
