// What every route plugin is given: the database, the signing keys and the configuration.
import type { AfterReply } from './afterReply.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './modules/files/storage.ts';
import type { KeyRing } from './modules/auth/signingKeys.ts';
import type { SessionRegistry } from './modules/auth/sessions.ts';
import type { OrganisationRegistry } from './modules/orgs/registry.ts';
import type { SignInLimits } from './modules/auth/throttle.ts';
import type { ReadModel } from './modules/readModel/readModel.ts';

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
