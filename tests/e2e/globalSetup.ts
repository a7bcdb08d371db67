// Builds the portal once before the browser tests, so they always drive the current code, and
// says plainly when there is no browser to drive (the suite then skips itself, except under CI).
import { build } from 'vite';
import { browserAvailable, CHROMIUM_PATH } from '../support/chromium.ts';

export default async function setup(): Promise<void> {
  if (!browserAvailable) {
    console.warn(
      [
        '',
        `  The browser suite (tests/e2e) is SKIPPED: no Chromium at ${CHROMIUM_PATH}.`,
        '  Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or point',
        '  CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.',
        '  With CI=true the suite refuses to skip and fails instead.',
        '',
      ].join('\n'),
    );
  }
  // The build `npm start` serves: vitest sets NODE_ENV=test, which would make it a development
  // build (React's and react-admin's development checks and console lines included).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
