// Turns every failure into the one JSON error shape: validation 400s name the field, 413, 404, 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ApiError } from '../../src/domain/api/errors.ts';
import { EARLIEST_YEAR, LATEST_YEAR } from '../../src/domain/dates.ts';
import { HttpError } from '../httpError.ts';

const STATUS_CODES: Record<number, string> = {
  401: ERROR_CODES.unauthorised,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  413: ERROR_CODES.payloadTooLarge,
};

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  error: Omit<ApiError, 'error' | 'requestId'>,
): FastifyReply {
  const body: ApiError = {
    ...error,
    message:
      error.message.length > MAX_MESSAGE
        ? `${error.message.slice(0, MAX_MESSAGE)}…`
        : error.message,
    error: STATUS_NAMES[error.statusCode] ?? 'Error',
    requestId: String(request.id),
  };
  return reply.code(error.statusCode).type('application/json').send(body);
}

interface ValidationItem {
  instancePath: string;
  keyword?: string;
  params?: { missingProperty?: string; additionalProperty?: string; format?: string };
}

const DATE_FORMATS = new Set(['day', 'range-bound', 'date-time', 'device-time']);
/** Longest message a reply carries: a message never echoes a large offending value whole. */
const MAX_MESSAGE = 300;

/** Ajv's message, or a plainer one for our date formats. */
function validationMessage(error: FastifyError, field: string | undefined): string {
  const first = error.validation?.[0] as ValidationItem | undefined;
  const format = first?.keyword === 'format' ? first.params?.format : undefined;
  if (format === 'time-zone')
    return `${field ?? 'timezone'} must be an IANA time zone, such as Europe/London`;
  if (format && DATE_FORMATS.has(format)) {
    const what =
      format === 'day'
        ? 'a real day, yyyy-MM-dd,'
        : format === 'range-bound'
          ? "'max', a real day (yyyy-MM-dd) or date and time"
          : 'a real date and time with its offset';
    const bounds = format === 'device-time' ? '' : ` from ${EARLIEST_YEAR} to ${LATEST_YEAR}`;
    return `${field ?? 'the date'} must be ${what}${bounds}`;
  }
  return error.message;
}

/** The dotted name of the field a schema validation failure is about, e.g. 'email' or 'filters.0.name'. */
function fieldOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0] as ValidationItem | undefined;
  if (!first) return undefined;
  const path = first.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const extra = first.params?.missingProperty ?? first.params?.additionalProperty;
  if (extra) path.push(extra);
  return path.join('.') || error.validationContext;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, request, {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.rows ? { rows: error.rows } : {}),
      });
    }
    if (error.validation) {
      const field = fieldOf(error);
      return sendError(reply, request, {
        statusCode: 400,
        code: ERROR_CODES.validation,
        message: validationMessage(error, field),
        ...(field ? { field } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendError(reply, request, {
        statusCode: 413,
        code: ERROR_CODES.payloadTooLarge,
        message: 'The request body is larger than this server accepts',
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, and the like.
      return sendError(reply, request, {
        statusCode: status,
        code: STATUS_CODES[status] ?? ERROR_CODES.validation,
        message: error.message,
      });
    }
    if (error.name === 'AbortError' && request.raw.destroyed) {
      // The client went away and its work was stopped: nobody is left to answer.
      request.log.info('client went away; its request was stopped');
      return reply.code(499).send();
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, {
      statusCode: 500,
      code: ERROR_CODES.internal,
      message: 'Something went wrong on the server; the request id identifies it in the logs',
    });
  });
}
