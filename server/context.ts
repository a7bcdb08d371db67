// What every route plugin is given: the database, the signing keys and the configuration.
import type { AfterReply } from './afterReply.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './storage/fileStorage.ts';
import type { KeyRing } from './security/signingKeys.ts';
import type { SessionRegistry } from './security/sessions.ts';
import type { SignInLimits } from './security/throttle.ts';
import type { OrganisationRegistry } from './tenancy/registry.ts';
import type { ReadModel } from './readModel/readModel.ts';

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
