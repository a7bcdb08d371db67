// The metrics module's face (issue 45): every request counted and timed by its route's pattern,
// and GET /metrics in Prometheus's text format for whoever holds METRICS_TOKEN. Every role serves
// it, so each process (api, ingest, engine) is scraped for its own figures. Without the token set
// there is no route at all.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { ModuleContext, PortalModule } from '../../context.ts';
import { unauthorised } from '../../httpError.ts';
import { httpDuration, httpRequests, metricsRegistry } from '../../observability/metrics.ts';
import { bearerToken } from '../../plugins/access.ts';
import { scrapeGauges } from './gauges.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/v1/machines/:id), never the path; a request no route took is one series.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}

async function serveMetrics(app: FastifyInstance, context: ModuleContext, token: string) {
  const expected = digest(token);
  // The process's counters and this app's gauges, merged once: both are read afresh at each scrape.
  const registry = Registry.merge([metricsRegistry, scrapeGauges(context)]);
  app.get(
    endpoints.metrics,
    { config: { access: 'public' }, schema: { tags: ['operations'], hide: true } },
    async (request, reply) => {
      const given = bearerToken(request);
      if (!given || !timingSafeEqual(digest(given), expected))
        throw unauthorised('The metrics token is required');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

export const metricsModule: PortalModule = {
  name: 'metrics',
  everyRole: async (app, context) => {
    countRequests(app);
    if (context.config.metricsToken) await serveMetrics(app, context, context.config.metricsToken);
  },
};
