// Builds the Fastify application from the shared plugins and the modules' faces, without
// listening (testable). Which modules a process serves follows its role.
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AfterReply } from './afterReply.ts';
import type { Config, Role } from './config.ts';
import type { ModuleContext, ServerContext, WorkerHandle } from './context.ts';
import type { Database } from './db/database.ts';
import { deviceWebhooks, MODULES } from './moduleList.ts';
import { registerRequestTrail } from './modules/audit/index.ts';
import { registerIdempotency } from './modules/idempotency/index.ts';
import { registerAccess } from './plugins/access.ts';
import { registerLimits } from './plugins/limits.ts';
import { RateWindows } from './plugins/rateWindows.ts';
import { createServer } from './plugins/server.ts';
import { registerWeb } from './plugins/web.ts';
import { Readiness } from './readiness.ts';
import type { ReadModel } from './readModel/readModel.ts';
import { SessionRegistry } from './security/sessions.ts';
import { loadKeyRing } from './security/signingKeys.ts';
import { SIGN_IN_LIMITS } from './security/throttle.ts';
import { directoryStorage } from './storage/fileStorage.ts';
import type { TouchedBroker } from './telemetry/broker.ts';
import { DeviceConnections } from './telemetry/listeners/connections.ts';
import type { DeviceReach } from './telemetry/listeners/deviceRelay.ts';
import type { Pipeline } from './telemetry/pipeline.ts';
import { OrganisationRegistry } from './tenancy/registry.ts';

export interface AppOptions {
  config: Config;
  /**
   * Which routes this process serves (config.role when not given): `all` and `api` the portal and
   * every call; `ingest` the health checks and the device webhooks; `engine` the health checks.
   */
  role?: Role;
  db: Database;
  /** The ingest, its meter, the rollups and the OEM feeds; the caller starts and closes it. */
  pipeline: Pipeline;
  /** The figures the list and the dashboard read, fed by the pipeline's commits. */
  readModel: ReadModel;
  logger?: boolean | FastifyBaseLogger;
  signInLimits?: Partial<ServerContext['signInLimits']>;
  /** The Teltonika devices connected now (main.ts's, or the relay to every ingest process's). */
  devices?: DeviceReach;
  /** What start-up still has to do before /v1/health/ready says so; ready at once when not given. */
  readiness?: Readiness;
  /** A report worker of the caller's own (tests with a clock of their own). */
  reports?: WorkerHandle;
  /** Whether the report and alert workers look for due work on their own (main.ts's api). */
  poll?: boolean;
  /** The engines' queue in JetStream, when NATS_URL is set: the staff home shows its backlog. */
  broker?: Pick<TouchedBroker, 'backlog'>;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, pipeline, readModel } = options;
  const app = await createServer(config, options.logger);
  const context: ModuleContext = {
    db,
    config,
    keys: await loadKeyRing(db),
    signInLimits: { ...SIGN_IN_LIMITS, ...options.signInLimits },
    sessions: new SessionRegistry(db),
    organisations: new OrganisationRegistry(db),
    files: directoryStorage(config.filesDir),
    readModel,
    afterReply: new AfterReply(app.log),
    pipeline,
    readiness: options.readiness ?? Readiness.ready(),
    devices: options.devices ?? new DeviceConnections(),
    ...(options.broker ? { broker: options.broker } : {}),
    workers: {
      poll: options.poll ?? false,
      ...(options.reports ? { reports: options.reports } : {}),
    },
  };
  app.decorate('afterReply', context.afterReply);
  app.addHook('onClose', () => context.afterReply.idle());

  // On PostgreSQL several api processes may answer: they count requests together.
  const rateWindows = db.kind === 'postgres' ? new RateWindows(db) : undefined;
  if (rateWindows) app.addHook('onClose', async () => rateWindows.stop());
  await registerLimits(app, config, context.keys, rateWindows);
  registerAccess(app, context);
  registerIdempotency(app, db);
  registerRequestTrail(app, db);
  // The engine announces what it committed; the figures held in memory are read again.
  pipeline.rollups.onCommitted(async (committed) =>
    readModel.committed(committed.map((machine) => machine.machineId)),
  );
  pipeline.onStored(() => readModel.recorded());

  for (const portalModule of MODULES) await portalModule.everyRole?.(app, context);
  const role = options.role ?? config.role;
  if (role === 'ingest') await app.register(deviceWebhooks, context);
  if (role === 'ingest' || role === 'engine') return app;

  for (const portalModule of MODULES) await portalModule.setUp?.(app, context);
  for (const { open } of MODULES) if (open) await app.register(open, context);
  await app.register(async (secured) => {
    // Uploads: one file a request; each route sets its own size limit.
    await secured.register(multipart, { limits: { files: 1, fields: 10 } });
    for (const { routes } of MODULES) if (routes) await secured.register(routes, context);
  });
  await registerWeb(app, config.webDir);
  return app;
}
