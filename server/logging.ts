// The log: for people on a terminal (pino-pretty: one short line per start-up step, warning and
// error), JSON lines for machines everywhere else. Requests are logged at `debug` only: at the
// default `info` a terminal shows what the portal does, not every call the browser makes.
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export function usesPrettyLog(config: Pick<Config, 'logFormat'>, isTty: boolean): boolean {
  return config.logFormat === 'pretty' || (config.logFormat === 'auto' && isTty);
}

export function loggerOptions(
  config: Pick<Config, 'logFormat' | 'logLevel'>,
  isTty = Boolean(process.stdout.isTTY),
): NonNullable<FastifyServerOptions['logger']> {
  if (!usesPrettyLog(config, isTty)) return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({
      colorize: isTty,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: true,
      sync: true,
    }),
  };
}

/**
 * Fastify's per-request lines moved to `debug`: one line when a request completes, with its
 * status and time (errors stay at `error`); none when it arrives, and 404s at `debug` too.
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.debug(line, 'request');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'no such route');
  }
}
