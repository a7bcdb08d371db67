// One server suite per database: the real app on a fresh seeded database, started before the
// suite's first test with the demo users it asks for signed in, and closed after its last. The
// suite reads what it needs from the fixture inside its hooks and tests, once the server is up.
import { afterAll, beforeAll, describe } from 'vitest';
import { DEMO_USERS } from '../../server/demo/seed.ts';
import { testDatabases, type TestDatabase } from './databases.ts';
import { DEMO_ADMIN, signIn, startTestServer, type TestServer } from './testServer.ts';

/** The demo users a suite may sign in as: the rental admin, its viewer, staff, and a customer. */
const DEMO_SIGN_INS = { admin: DEMO_ADMIN, ...DEMO_USERS } as const;
export type DemoUser = keyof typeof DEMO_SIGN_INS;

export type ServerOptions = NonNullable<Parameters<typeof startTestServer>[1]> & {
  /** The demo users to sign in before the first test; their access tokens are the fixture's. */
  users?: readonly DemoUser[];
};

export type ServerFixture = { readonly server: TestServer; readonly database: TestDatabase } & {
  /** A signed-in demo user's access token. */
  readonly [user in DemoUser]: string;
};

export function describeServer(
  name: string,
  options: ServerOptions,
  suite: (fixture: ServerFixture) => void,
): void {
  describe.each(testDatabases)(`${name} on $kind`, (database) => {
    const { users = [], ...start } = options;
    let server: TestServer | undefined;
    const tokens = new Map<DemoUser, string>();

    beforeAll(async () => {
      server = await startTestServer(database, start);
      for (const user of users) tokens.set(user, (await signIn(server, DEMO_SIGN_INS[user])).token);
    });
    afterAll(() => server?.close());

    const token = (user: DemoUser) => () => {
      const value = tokens.get(user);
      if (value === undefined) throw new Error(`describeServer('${name}') did not sign ${user} in`);
      return value;
    };
    const fixture = Object.defineProperties(
      { database },
      {
        server: {
          get() {
            if (!server) throw new Error(`describeServer('${name}'): the server is not started`);
            return server;
          },
        },
        ...Object.fromEntries(
          Object.keys(DEMO_SIGN_INS).map((user) => [user, { get: token(user as DemoUser) }]),
        ),
      },
    ) as ServerFixture;
    suite(fixture);
  });
}
