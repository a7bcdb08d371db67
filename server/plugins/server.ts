// The Fastify instance every process starts from: its logger, request ids, body limit and the
// shared plugins (errors and validation in the API's shape, compression, cookies, security
// headers, the OpenAPI document), before any module is registered.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_CODES } from '../../src/domain/api/errors.ts';
import type { Config } from '../config.ts';
import { DebugRequestLog, loggerOptions } from '../logging.ts';
import { registerErrorHandling } from './errors.ts';
import { registerOpenApi } from './openapi.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { registerSerialization } from './serialization.ts';
import { registerValidation } from './validation.ts';
import { nameRequestSpan, tracedRequests, tracingOn } from '../observability/tracing.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request Node refuses before Fastify sees it (headers too large, a malformed request line)
 * still gets the API's error shape.
 */
function refuseMalformed(error: Error, socket: import('node:net').Socket): void {
  if (!socket.writable) return;
  const code = (error as NodeJS.ErrnoException).code;
  const tooLarge = code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({
    statusCode: status,
    code: tooLarge ? ERROR_CODES.headersTooLarge : ERROR_CODES.validation,
    error: reason,
    message: tooLarge
      ? 'The request headers are larger than this server accepts'
      : 'The request is malformed',
    requestId: randomUUID(),
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export async function createServer(
  config: Config,
  logger: boolean | FastifyBaseLogger | undefined,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config),
    logController: new DebugRequestLog(),
    bodyLimit: config.bodyLimitBytes,
    // Long enough that a path parameter is judged by its schema (400 naming it), not refused as a
    // 414 before validation.
    routerOptions: { maxParamLength: 1000 },
    // With tracing on, each request is a server span from the moment Node hands it over.
    ...(tracingOn()
      ? {
          serverFactory: (handler: http.RequestListener) =>
            http.createServer(tracedRequests(handler)),
        }
      : {}),
    clientErrorHandler: refuseMalformed,
    // Keep a caller's request id when it is sane, so logs across services line up.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (tracingOn())
    app.addHook('onRequest', async (request) =>
      nameRequestSpan(request.method, request.routeOptions.url ?? 'unmatched'),
    );
  registerErrorHandling(app);
  registerValidation(app);
  registerSerialization(app);
  // gzip or brotli for the portal's scripts and for large JSON lists, as the browser accepts.
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);
  return app;
}
