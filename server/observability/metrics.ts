// The process's Prometheus metrics (issue 45), served by the metrics module at GET /metrics behind
// METRICS_TOKEN. What is counted as it happens lives here, on one registry per process, so any part
// of the server counts without knowing who serves it; figures read at scrape time (the database
// pool, the backlogs) are registered by the metrics module on a registry of its app. Names follow
// Prometheus's conventions: a unit in the name, counters ending in _total.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'fleet_' });

/** Every HTTP request answered, by its route's pattern (never its path: ids would explode). */
export const httpRequests = new Counter({
  name: 'fleet_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'fleet_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Device records taken by this process's ingest, by protocol (the records' source type). */
export const ingestRecords = new Counter({
  name: 'fleet_ingest_records_total',
  help: 'Device records taken by the ingest, by protocol and outcome (stored, duplicate, invalid, quarantined)',
  labelNames: ['protocol', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** From a batch's arrival at the ingest to its commit: what a device waits for its acknowledgement. */
export const ingestAckSeconds = new Histogram({
  name: 'fleet_ingest_ack_seconds',
  help: 'Time from a batch of device records reaching the ingest to its commit, after which it is acknowledged, by protocol',
  labelNames: ['protocol'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const cacheLookups = new Counter({
  name: 'fleet_cache_lookups_total',
  help: 'Lookups of the in-memory caches, by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

export const alertsRaised = new Counter({
  name: 'fleet_alerts_raised_total',
  help: 'Alerts stored, each raised once per bout',
  registers: [metricsRegistry],
});

export const mailDeliveries = new Counter({
  name: 'fleet_mail_deliveries_total',
  help: 'Mails handed to the SMTP server, by outcome (sent or failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const webhookDeliveries = new Counter({
  name: 'fleet_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome (delivered, retrying or failed for good)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const reportRuns = new Counter({
  name: 'fleet_report_runs_total',
  help: 'Report files made by the report worker, by outcome (done or failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
