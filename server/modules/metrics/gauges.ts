// Figures read when Prometheus scrapes, not counted as they happen: the database pool, the
// engine's queue of recomputes and its lag, the days left to compute again, and the engines'
// JetStream backlog. They belong to one app (its database, its pipeline), so they live on a
// registry of their own, merged with the process's counters at each scrape.
import { Gauge, Registry } from 'prom-client';
import type { ModuleContext } from '../../context.ts';

export function scrapeGauges(context: ModuleContext): Registry {
  const registry = new Registry();
  const { db, pipeline, broker } = context;
  if (db.poolUse) {
    const poolUse = db.poolUse.bind(db);
    new Gauge({
      name: 'fleet_db_pool_connections',
      help: 'PostgreSQL connections of this process, by state: open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  new Gauge({
    name: 'fleet_recompute_queue_machines',
    help: "Machines waiting for this process's engine to recompute their days, or being recomputed",
    registers: [registry],
    collect() {
      this.set(pipeline.rollups.queued().machines);
    },
  });
  new Gauge({
    name: 'fleet_recompute_lag_seconds',
    help: 'How long the oldest change not yet recomputed by this process has waited (0 when none)',
    registers: [registry],
    collect() {
      const since = pipeline.rollups.queued().waitingSinceMs;
      this.set(since === null ? 0 : (Date.now() - since) / 1000);
    },
  });
  new Gauge({
    name: 'fleet_recompute_backlog_machines',
    help: 'Machines with days still to compute again after an upgrade (recompute_backlog)',
    registers: [registry],
    async collect() {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM recompute_backlog',
      );
      this.set(row?.n ?? 0);
    },
  });
  if (broker) {
    new Gauge({
      name: 'fleet_jetstream_pending_messages',
      help: 'Batches of touched machine-days in JetStream not yet taken by an engine',
      registers: [registry],
      async collect() {
        this.set(await broker.backlog());
      },
    });
  }
  return registry;
}
