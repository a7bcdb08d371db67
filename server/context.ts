// What every route plugin is given: the database, the signing keys and the configuration.
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { KeyRing } from './modules/auth/signingKeys.ts';
import type { ThrottleLimits } from './modules/auth/throttle.ts';

export interface ServerContext {
  db: Database;
  keys: KeyRing;
  config: Config;
  signInLimits: { email: ThrottleLimits; address: ThrottleLimits };
}
