// An OTLP/HTTP trace receiver in the test's process (issue 45): the portal's processes export to
// it as to any collector (JSON, POST /v1/traces), and a test reads the spans they sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** The exporting process's resource attributes, such as fleet.role. */
  resource: Record<string, string>;
  attributes: Record<string, string>;
}

interface KeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: KeyValue[];
      }[];
    }[];
  }[];
}

const flat = (attributes: KeyValue[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      String(value.stringValue ?? value.intValue ?? value.boolValue ?? ''),
    ]),
  );

export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const resource = flat(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                resource,
                attributes: flat(span.attributes),
              });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
