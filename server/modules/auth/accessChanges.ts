// Keeps the access checks of every api process right when another process ends a session or
// changes an organisation: the database announces both on a channel at commit (migration 039), and
// each process listening forgets what it held of them. Without this a signed-out session would be
// accepted by the other processes for up to the registries' cache time.
import type { Database } from '../../db/database.ts';
import type { OrganisationRegistry } from '../../tenancy/registry.ts';
import type { SessionRegistry } from '../../security/sessions.ts';

export const ACCESS_CHANNEL = 'access_changed';

/** Listens for ended sessions and changed organisations; resolves to a stop function (nothing to do on PGlite). */
export async function followAccessChanges(
  db: Database,
  registries: { sessions: SessionRegistry; organisations: OrganisationRegistry },
): Promise<() => Promise<void>> {
  if (!db.listen) return async () => undefined;
  return db.listen(
    ACCESS_CHANNEL,
    (payload) => {
      const [kind, id] = payload.split(':');
      if (!id) return;
      if (kind === 'session') registries.sessions.forget(id);
      else if (kind === 'organisation') registries.organisations.forget(id);
    },
    () => {
      registries.sessions.forgetAll();
      registries.organisations.forgetAll();
    },
  );
}
