// POST /v1/ingest/records with a source's API key, and the staff call that issues that key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  IngestRecordsBody,
  IngestRecordsReply,
  SourceKeyReply,
  type GenericRecord,
} from '../../../src/domain/api/ingest.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound, unauthorised } from '../../httpError.ts';
import { decodeDigitalMatter } from '../../telemetry/adapters/digitalMatter.ts';
import { PayloadDecodeError } from '../../telemetry/adapters/jsonPayload.ts';
import {
  decodeChirpstackUp,
  decodeTtsUplink,
  type LoraUplink,
} from '../../telemetry/adapters/lorawan.ts';
import type { Ingest } from '../../telemetry/ingest.ts';
import { emptyRecord, type TelemetryRecord } from '../../telemetry/record.ts';
import { hashSourceKey, newSourceKey } from '../../telemetry/sourceKey.ts';
import { logIngestRequest } from './requestLog.ts';
import { storeUplinks } from './uplinks.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

interface IngestSource {
  id: string;
  type: string;
  code: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The source whose key a JSON ingest request carries. */
    ingestSource?: IngestSource;
  }
}

function toRecord(
  input: GenericRecord,
  source: { type: string; code: string },
  receivedMs: number,
): TelemetryRecord {
  const record = emptyRecord(source.type, source.code, Date.parse(input.deviceTime), receivedMs);
  const { deviceTime, io, ...values } = input;
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) (record as unknown as Record<string, unknown>)[key] = value;
  }
  for (const [id, value] of Object.entries(io ?? {})) {
    record.ioIds.push(id);
    record.ioValues.push(value);
  }
  return record;
}

export const ingestRoutes: FastifyPluginAsyncTypebox<ServerContext & { ingest: Ingest }> = async (
  app,
  { db, ingest, config },
) => {
  /**
   * A webhook endpoint behind a bearer token, registered only when the token is set. It answers
   * 200 only after the records are committed: Digital Matter devices delete what was acknowledged.
   * A LoRaWAN uplink's gateway receptions are kept once its record is stored.
   */
  const webhook = (
    url: string,
    token: string | undefined,
    decode: (
      body: unknown,
      query: Record<string, string | undefined>,
    ) => { records: TelemetryRecord[]; uplinks?: LoraUplink[] },
  ) => {
    if (!token) return;
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['ingest'],
          querystring: Type.Object({ event: Type.Optional(Type.String({ maxLength: 40 })) }),
          body: Type.Object({}, { additionalProperties: true }),
          response: { 200: IngestRecordsReply },
        },
      },
      async (request) => {
        if (request.headers.authorization !== `Bearer ${token}`)
          throw unauthorised('The webhook token is missing or wrong');
        let decoded;
        try {
          decoded = decode(request.body, request.query);
        } catch (error) {
          if (error instanceof PayloadDecodeError) throw badRequest(error.field, error.message);
          throw error;
        }
        return decoded.uplinks
          ? storeUplinks(db, ingest, decoded.uplinks)
          : ingest(decoded.records);
      },
    );
  };
  const lora = (uplink: LoraUplink) => ({ records: [uplink.record], uplinks: [uplink] });
  webhook(endpoints.ingest.digitalMatter, config.digitalMatterToken, (body) => ({
    records: decodeDigitalMatter(body, Date.now()),
  }));
  webhook(endpoints.ingest.lorawanTts, config.ttsToken, (body) =>
    lora(decodeTtsUplink(body, Date.now())),
  );
  // ChirpStack posts every event type to one URL: only `up` carries data; the rest are acknowledged.
  webhook(endpoints.ingest.lorawanChirpstack, config.chirpstackToken, (body, query) =>
    query.event === 'up' ? lora(decodeChirpstackUp(body, Date.now())) : { records: [] },
  );

  app.post(
    endpoints.ingest.records,
    {
      config: { access: 'public' },
      schema: {
        tags: ['ingest'],
        headers: Type.Object({ 'x-api-key': Type.Optional(Type.String({ maxLength: 200 })) }),
        body: IngestRecordsBody,
        response: { 200: IngestRecordsReply },
      },
      // The source is known before the body is checked, so a refused body is kept with its reason.
      preValidation: async (request) => {
        const key = request.headers['x-api-key'];
        if (typeof key !== 'string' || key.length > 200) return;
        const [source] = await db.query<IngestSource>(
          'SELECT id, type, code FROM source WHERE api_key_hash = $1',
          [hashSourceKey(key)],
        );
        request.ingestSource = source;
      },
      onSend: async (request, reply, payload) => {
        if (request.ingestSource) {
          await logIngestRequest(db, request.ingestSource.id, request, reply.statusCode, payload);
        }
        return payload;
      },
    },
    async (request) => {
      if (!request.headers['x-api-key'])
        throw unauthorised('The X-Api-Key header with the source key is required');
      const source = request.ingestSource;
      if (!source) throw unauthorised('The source key is not known');
      const receivedMs = Date.now();
      return ingest(request.body.records.map((record) => toRecord(record, source, receivedMs)));
    },
  );
};

const QuarantinedRecord = Type.Object({
  id: Type.String(),
  receivedAt: Type.String({ format: 'date-time' }),
  sourceType: Type.String(),
  sourceCode: Type.String(),
  reason: Type.String(),
  record: Type.Unknown(),
});

/** Staff only: the records that could not be stored, newest first, with why. */
export const quarantineRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.admin.ingest.quarantine,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: Type.Object(
          { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ records: Type.Array(QuarantinedRecord) }) },
      },
    },
    async (request) => {
      const rows = await db.query<{
        id: string;
        received_at: Date;
        source_type: string;
        source_code: string;
        reason: string;
        record: unknown;
      }>(
        `SELECT id::text, received_at, source_type, source_code, reason, record
           FROM ingest_quarantine ORDER BY received_at DESC, id DESC LIMIT $1`,
        [request.query.limit ?? 100],
      );
      return {
        records: rows.map((row) => ({
          id: row.id,
          receivedAt: row.received_at.toISOString(),
          sourceType: row.source_type,
          sourceCode: row.source_code,
          reason: row.reason,
          record: row.record,
        })),
      };
    },
  );
};

/** Staff only: issues a new key for a source (the old one stops working) and shows it once. */
export const sourceKeyRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.post(
    endpoints.admin.sources.apiKey,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: SourceKeyReply },
      },
    },
    async (request) => {
      const apiKey = newSourceKey();
      const rows = await db.query<{ id: string }>(
        'UPDATE source SET api_key_hash = $2 WHERE id = $1 RETURNING id',
        [request.params.id, hashSourceKey(apiKey)],
      );
      if (rows.length === 0) throw notFound('No such source');
      return { sourceId: request.params.id, apiKey };
    },
  );

  // Revokes the source's key: its requests are refused from now on.
  app.delete(
    endpoints.admin.sources.apiKey,
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], params: Type.Object({ id: Type.String({ format: 'uuid' }) }) },
    },
    async (request, reply) => {
      const rows = await db.query<{ id: string }>(
        'UPDATE source SET api_key_hash = NULL WHERE id = $1 RETURNING id',
        [request.params.id],
      );
      if (rows.length === 0) throw notFound('No such source');
      return reply.code(204).send();
    },
  );
};
