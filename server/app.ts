// Builds the Fastify application from its plugins and route modules, without listening (testable).
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_CODES } from '../src/domain/api/errors.ts';
import { AfterReply } from './afterReply.ts';
import type { Config, Role } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { authRoutes, followAccessChanges } from './modules/auth/index.ts';
import { loadKeyRing } from './security/signingKeys.ts';
import { SessionRegistry } from './security/sessions.ts';
import { SIGN_IN_LIMITS } from './security/throttle.ts';
import { outboxRoutes, unsubscribeRoutes } from './modules/mail/index.ts';
import { mapRoutes, sharedLocationRoutes } from './modules/maps/index.ts';
import { organisationAdminRoutes, organisationRoutes } from './modules/orgs/index.ts';
import { OrganisationRegistry } from './tenancy/registry.ts';
import { DebugRequestLog, loggerOptions } from './logging.ts';
import { healthRoutes, Readiness } from './modules/health/index.ts';
import { clientErrorRoutes } from './modules/clientErrors/index.ts';
import { ingestRoutes, quarantineRoutes, sourceKeyRoutes } from './modules/ingest/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { filterRoutes } from './modules/filters/index.ts';
import { siteRoutes } from './modules/sites/index.ts';
import { shiftRoutes } from './modules/shifts/index.ts';
import { assetRoutes } from './modules/assets/index.ts';
import { gatewayRoutes } from './modules/gateways/index.ts';
import { sensorRoutes } from './modules/sensors/index.ts';
import {
  breakdownRoutes,
  fuelRoutes,
  machineImageRoutes,
  machineInfoRoutes,
  machineReportRoutes,
  machineRoutes,
  machineSettingsRoutes,
  machineWriteRoutes,
  onboardingRoutes,
  registerMachineImages,
} from './modules/machines/index.ts';
import { brandRoutes, registerPublicBrand } from './modules/brand/index.ts';
import { documentRoutes } from './modules/files/index.ts';
import { directoryStorage } from './storage/fileStorage.ts';
import { oemFeedRoutes } from './modules/oemFeeds/index.ts';
import { invitationRoutes, userDirectoryRoutes, userRoutes } from './modules/users/index.ts';
import { passwordResetRoutes, registrationRoutes } from './modules/accounts/index.ts';
import { ssoProviderRoutes, ssoRoutes } from './modules/sso/index.ts';
import { customTokenRoutes } from './modules/integrations/index.ts';
import { secondFactorRoutes } from './modules/secondFactor/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { ReportWorker } from './jobs/reportWorker.ts';
import { AlertWorker } from './jobs/alertWorker.ts';
import { alertListener, alertRoutes } from './modules/alerts/index.ts';
import { adminRoutes, RecomputeRuns } from './modules/admin/index.ts';
import { auditRoutes, registerRequestTrail } from './modules/audit/index.ts';
import { registerAccess } from './plugins/access.ts';
import { registerLimits } from './plugins/limits.ts';
import { RateWindows } from './plugins/rateWindows.ts';
import type { TouchedBroker } from './telemetry/broker.ts';
import { DeviceConnections } from './telemetry/listeners/connections.ts';
import type { DeviceReach } from './telemetry/listeners/deviceRelay.ts';
import { buildPipeline, type Pipeline } from './telemetry/pipeline.ts';
import { ReadModel } from './readModel/readModel.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/securityHeaders.ts';
import { FORMATS, registerValidation } from './plugins/validation.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The report worker: tests wait on it with idle(). */
    reports: Pick<ReportWorker, 'wake' | 'stop' | 'idle'>;
    /** The alert worker: tests run it at a clock of their own. */
    alerts: AlertWorker;
    /** Work queued to run after its reply: tests wait on it with idle(). */
    afterReply: AfterReply;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface AppOptions {
  config: Config;
  /**
   * Which routes this process serves (config.role when not given): `all` and `api` the portal and
   * every call; `ingest` the health checks and the device webhooks; `engine` the health checks.
   */
  role?: Role;
  db: Database;
  logger?: boolean | FastifyBaseLogger;
  signInLimits?: Partial<ServerContext['signInLimits']>;
  /**
   * The telemetry pipeline: the ingest, its meter, the rollups recomputed in the background and
   * the OEM feed poller (polled here on request; main.ts starts its schedule). Built when not given.
   */
  pipeline?: Pipeline;
  /** The figures the list and the dashboard read; built when not given. */
  readModel?: ReadModel;
  /**
   * The Teltonika devices connected now, for staff: this process's (main.ts shares them with the
   * listeners) or, with the ingest apart, every ingest process's (DeviceRelay); none when not given.
   */
  devices?: DeviceReach;
  /** What start-up still has to do before /v1/health/ready says so; ready at once when not given. */
  readiness?: Readiness;
  /**
   * The report worker, woken when a report file or run is queued; built when not given (main.ts
   * starts its polling). Tests that pass their own clock give one that is never woken.
   */
  reports?: Pick<ReportWorker, 'wake' | 'stop' | 'idle'>;
  /** Whether the built report worker also looks for due work every REPORT_POLL_MS (main.ts). */
  pollReports?: boolean;
  /** The engines' queue in JetStream, when NATS_URL is set: the staff home shows its backlog. */
  broker?: Pick<TouchedBroker, 'backlog'>;
  /** Whether the alert worker looks for silent devices and due mails every ALERT_POLL_MS (main.ts). */
  pollAlerts?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    logController: new DebugRequestLog(),
    bodyLimit: config.bodyLimitBytes,
    // Long enough that a path parameter is judged by its schema (400 naming it), not refused as a
    // 414 before validation.
    routerOptions: { maxParamLength: 1000 },
    serializerOpts: { ajv: { formats: FORMATS } },
    // Keep a caller's request id when it is sane, so logs across services line up.
    // A request Node refuses before Fastify sees it (headers too large, a malformed request line)
    // still gets the API's error shape.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const code = (error as NodeJS.ErrnoException).code;
      const tooLarge = code === 'HPE_HEADER_OVERFLOW';
      const status = tooLarge ? 431 : 400;
      const body = JSON.stringify({
        statusCode: status,
        code: tooLarge ? ERROR_CODES.headersTooLarge : ERROR_CODES.validation,
        error: tooLarge ? 'Request Header Fields Too Large' : 'Bad Request',
        message: tooLarge
          ? 'The request headers are larger than this server accepts'
          : 'The request is malformed',
        requestId: randomUUID(),
      });
      socket.end(
        `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  registerValidation(app);
  // gzip or brotli for the portal's scripts and for large JSON lists, as the browser accepts.
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);

  const context: ServerContext = {
    db,
    config,
    keys: await loadKeyRing(db),
    signInLimits: { ...SIGN_IN_LIMITS, ...options.signInLimits },
    sessions: new SessionRegistry(db),
    organisations: new OrganisationRegistry(db),
    files: directoryStorage(config.filesDir),
    readModel: options.readModel ?? new ReadModel(db),
    afterReply: new AfterReply(app.log),
  };
  app.decorate('afterReply', context.afterReply);
  app.addHook('onClose', () => context.afterReply.idle());

  // On PostgreSQL several api processes may answer: they count requests together.
  const rateWindows = db.kind === 'postgres' ? new RateWindows(db) : undefined;
  if (rateWindows) app.addHook('onClose', async () => rateWindows.stop());
  await registerLimits(app, config, context.keys, rateWindows);
  registerAccess(app, context);
  registerRequestTrail(app, db);
  await app.register(healthRoutes, {
    ...context,
    readiness: options.readiness ?? Readiness.ready(),
  });
  const role = options.role ?? config.role;
  const pipeline =
    options.pipeline ??
    buildPipeline(db, { log: app.log, oemFeedAllowPrivate: config.oemFeedAllowPrivate });
  if (!options.pipeline) app.addHook('onClose', () => pipeline.close());
  const { rollups, ingest, meter, oemFeeds } = pipeline;
  // The engine announces what it committed; the figures held in memory are read again, and alerts
  // are raised (mailed by the alert worker of an api process).
  rollups.onCommitted(async (committed) =>
    context.readModel.committed(committed.map((machine) => machine.machineId)),
  );
  pipeline.onStored(() => context.readModel.recorded());
  const alerts = new AlertWorker({ db, config, log: app.log });
  app.decorate('alerts', alerts);
  app.addHook('onClose', () => alerts.stop());
  rollups.onCommitted(
    alertListener(db, { raised: () => (options.pollAlerts ? alerts.wake() : undefined) }),
  );
  if (role === 'ingest') await app.register(ingestRoutes, { ...context, ingest });
  if (role === 'ingest' || role === 'engine') return app;

  // Sessions ended and organisations changed by other processes are forgotten here at once.
  const unfollowAccess = await followAccessChanges(db, context);
  app.addHook('onClose', unfollowAccess);
  await app.register(clientErrorRoutes, context);
  await app.register(sharedLocationRoutes, context);
  await app.register(authRoutes, context);
  await app.register(passwordResetRoutes, context);
  await app.register(registrationRoutes, context);
  await app.register(unsubscribeRoutes, context);
  await app.register(ssoRoutes, context);
  await app.register(customTokenRoutes, context);
  await app.register(ingestRoutes, { ...context, ingest });
  const reports =
    options.reports ??
    new ReportWorker({
      db,
      readModel: context.readModel,
      files: context.files,
      keys: context.keys,
      config,
      log: app.log,
    });
  app.decorate('reports', reports);
  app.addHook('onClose', () => reports.stop());
  if (options.pollReports && reports instanceof ReportWorker) {
    app.addHook('onReady', async () => reports.start());
  }
  if (options.pollAlerts) app.addHook('onReady', async () => alerts.start());
  await registerMachineImages(app, context);
  await registerPublicBrand(app, context);
  await app.register(async (secured) => {
    // Uploads: one file a request; each route sets its own size limit.
    await secured.register(multipart, { limits: { files: 1, fields: 10 } });
    await secured.register(userRoutes, context);
    await secured.register(userDirectoryRoutes, context);
    await secured.register(invitationRoutes, context);
    await secured.register(secondFactorRoutes, context);
    await secured.register(organisationRoutes, context);
    await secured.register(brandRoutes, context);
    await secured.register(organisationAdminRoutes, { ...context, rollups });
    await secured.register(machineRoutes, context);
    await secured.register(filterRoutes, context);
    await secured.register(dashboardRoutes, context);
    await secured.register(siteRoutes, context);
    await secured.register(mapRoutes, context);
    await secured.register(outboxRoutes, context);
    await secured.register(ssoProviderRoutes, context);
    await secured.register(machineWriteRoutes, context);
    await secured.register(breakdownRoutes, { ...context, rollups });
    await secured.register(machineSettingsRoutes, { ...context, rollups });
    await secured.register(fuelRoutes, { ...context, rollups });
    await secured.register(machineImageRoutes, context);
    await secured.register(machineInfoRoutes, context);
    await secured.register(machineReportRoutes, context);
    await secured.register(onboardingRoutes, { ...context, rollups });
    await secured.register(shiftRoutes, { ...context, rollups });
    await secured.register(gatewayRoutes, context);
    await secured.register(sensorRoutes, { ...context, rollups });
    await secured.register(assetRoutes, context);
    await secured.register(reportRoutes, { ...context, wakeReports: () => reports.wake() });
    await secured.register(documentRoutes, context);
    await secured.register(alertRoutes, context);
    await secured.register(auditRoutes, context);
    const recomputes = new RecomputeRuns(db, rollups, app.log);
    // A run left queued or running by the process before this one ended with it.
    await recomputes.failInterrupted();
    await secured.register(adminRoutes, {
      ...context,
      rollups,
      devices: options.devices ?? new DeviceConnections(),
      meter,
      recomputes,
      ...(options.broker ? { broker: options.broker } : {}),
    });
    await secured.register(sourceKeyRoutes, context);
    await secured.register(quarantineRoutes, context);
    await secured.register(oemFeedRoutes, { ...context, oemFeeds });
  });
  await registerWeb(app, config.webDir);
  return app;
}
