// What the app gives its modules: the database, the signing keys, the configuration and the other
// shared services (ServerContext, every route plugin's options), the telemetry pipeline and the
// workers' switches (ModuleContext), and the shape of a module's face (PortalModule).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AfterReply } from './afterReply.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Readiness } from './readiness.ts';
import type { ReadModel } from './readModel/readModel.ts';
import type { SessionRegistry } from './security/sessions.ts';
import type { KeyRing } from './security/signingKeys.ts';
import type { SignInLimits } from './security/throttle.ts';
import type { FileStorage } from './storage/fileStorage.ts';
import type { TouchedBroker } from './telemetry/broker.ts';
import type { DeviceReach } from './telemetry/listeners/deviceRelay.ts';
import type { Pipeline } from './telemetry/pipeline.ts';
import type { OrganisationRegistry } from './tenancy/registry.ts';

export interface ServerContext {
  db: Database;
  keys: KeyRing;
  config: Config;
  signInLimits: SignInLimits;
  /** Which sign-in sessions are live: checked on every authenticated request. */
  sessions: SessionRegistry;
  /** The organisations tokens name: looked up on every authenticated request. */
  organisations: OrganisationRegistry;
  /** Uploaded files: organisation logos. */
  files: FileStorage;
  /** The list's, the dashboard's and the reports' figures, with the rollups held in memory. */
  readModel: ReadModel;
  /** Work done once the reply has left, in order (server/afterReply.ts). */
  afterReply: AfterReply;
}

/** A background worker as the app and the tests see it. */
export interface WorkerHandle {
  wake(): void;
  stop(): Promise<void>;
  /** Resolves once the work under way, and any it was woken for meanwhile, is done. */
  idle(): Promise<void>;
}

export interface ModuleContext extends ServerContext {
  /** The ingest, its meter, the rollups recomputed in the background and the OEM feed poller. */
  pipeline: Pipeline;
  /** What start-up still has to do before /v1/health/ready says so. */
  readiness: Readiness;
  /**
   * The Teltonika devices connected now, for staff: this process's (main.ts shares them with the
   * listeners) or, with the ingest apart, every ingest process's (DeviceRelay).
   */
  devices: DeviceReach;
  /** The engines' queue in JetStream, when NATS_URL is set: the staff home shows its backlog. */
  broker?: Pick<TouchedBroker, 'backlog'>;
  workers: {
    /** Whether the report and alert workers look for due work on their own (main.ts's api). */
    poll: boolean;
    /** A report worker of the caller's own (tests with a clock of their own); built when not given. */
    reports?: WorkerHandle;
  };
}

/**
 * A module's face exports one of these; app.ts registers the list. Routes still declare their own
 * access (plugins/access.ts): `open` and `routes` differ only in where they sit, `routes` in the
 * scope that parses uploads.
 */
export interface PortalModule {
  name: string;
  /** Set-up every process needs, the ingest's and the engine's too (a listener on commits). */
  everyRole?: (app: FastifyInstance, context: ModuleContext) => Promise<void>;
  /** The api's set-up on the app itself: hooks, workers and what tests reach them by. */
  setUp?: (app: FastifyInstance, context: ModuleContext) => Promise<void>;
  /** Routes outside the upload scope: sign-in, public links, device webhooks. */
  open?: FastifyPluginAsync<ModuleContext>;
  /** The module's other routes. */
  routes?: FastifyPluginAsync<ModuleContext>;
}
