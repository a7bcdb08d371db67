// OpenTelemetry traces (issue 45), exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set
// and off otherwise (the API's no-op tracer, and no span made at all on the hot paths). A request
// is one trace through its database statements; a device packet is one trace through the ingest's
// commit, its hand-off in NATS (the context travels in the message's headers) and the engine's
// recompute in another process. docs/operations.md says how to read one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const tracer = trace.getTracer('fleet-portal');
let tracing = false;

/** Whether spans are being made: callers skip building their attributes when not. */
export const tracingOn = (): boolean => tracing;

/**
 * Starts exporting spans when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads it and the
 * other OTEL_* settings itself); resolves to the function that flushes and stops.
 */
export function startTracing(
  env: NodeJS.ProcessEnv,
  role: string,
): (() => Promise<void>) | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'fleet-portal',
      'service.instance.id': `${role}-${process.pid}`,
      'fleet.role': role,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The process's tracer, AsyncLocalStorage for the active span, and W3C trace context.
  provider.register();
  tracing = true;
  return () => provider.shutdown();
}

/** Runs `work` in a new active span (a child of the active one, or of `parent`), ending it after. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] },
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracing) return work(undefined);
  return tracer.startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: options.attributes,
      links: options.links,
    },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The active trace's context as message headers (traceparent, tracestate). */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  if (tracing) propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context that `get` (a message's or a request's headers) carries, under the active one. */
export function contextFrom(get: (key: string) => string | undefined): Context {
  return propagation.extract(context.active(), undefined, {
    keys: () => ['traceparent', 'tracestate'],
    get: (_carrier, key) => get(key),
  });
}

/**
 * Node's request handler with each request in a server span, the caller's trace continued from its
 * traceparent header: everything the request does, its statements included, is under it. The span
 * is named after the route once the router knows it (nameRequestSpan).
 */
export function tracedRequests(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const parent = contextFrom((key) => {
      const value = request.headers[key];
      return Array.isArray(value) ? value[0] : value;
    });
    void inSpan(
      request.method ?? 'HTTP',
      {
        kind: SpanKind.SERVER,
        parent,
        attributes: { 'http.request.method': request.method ?? '', 'url.path': request.url ?? '' },
      },
      (span) =>
        new Promise<void>((resolve) => {
          response.once('close', () => {
            span?.setAttribute('http.response.status_code', response.statusCode);
            if (response.statusCode >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
            resolve();
          });
          handler(request, response);
        }),
    );
  };
}

/** Names the request's span after its route's pattern: GET /v1/machines/:id. */
export function nameRequestSpan(method: string, route: string): void {
  const span = tracing ? trace.getActiveSpan() : undefined;
  span?.updateName(`${method} ${route}`);
  span?.setAttribute('http.route', route);
}

export { SpanKind };
