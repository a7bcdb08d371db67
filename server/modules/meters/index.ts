// The meters module's face: each machine's hour meter as readings from its sources (issue 41,
// docs/rental.md "Hour meters"), the worker that reads the devices' values into them, and drift.
// app.ts registers metersModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { meterRoutes } from './routes.ts';
import { MeterWorker } from './sampler.ts';
import { driftRoutes } from './driftRoutes.ts';

export { driftThresholdChanged, weighDrift } from './drift.ts';
export { metersAt, type MeterMoment } from './meterAt.ts';
export { engineHoursBetween } from './store.ts';
export { recordReading } from './writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The meters worker: tests run it at a clock of their own. */
    meters: MeterWorker;
  }
}

export const metersModule: PortalModule = {
  name: 'meters',
  setUp: async (app, { db, config, workers }) => {
    const meters = new MeterWorker({ db, config, log: app.log });
    app.decorate('meters', meters);
    app.addHook('onClose', () => meters.stop());
    if (workers.poll) app.addHook('onReady', async () => meters.start());
  },
  routes: async (app, context) => {
    await app.register(meterRoutes, context);
    await app.register(driftRoutes, context);
  },
};
