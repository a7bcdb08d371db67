// Launches the system's Chromium headless with the flags this closed-network machine needs.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser suites can run; under CI=true they must (tests/e2e/globalSetup.ts says why not). */
export const browserAvailable = existsSync(CHROMIUM_PATH);

if (process.env.CI === 'true' && !browserAvailable) {
  throw new Error(
    `CI=true requires Chromium at ${CHROMIUM_PATH}: the browser suite must not skip itself in CI`,
  );
}

/** Chromium as the suites drive it; `extraArgs` for a test's own switches (a fake camera). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Every server the suites use is on loopback. Other names (the map's tile server) fail at
      // once rather than after a lookup that can take 5 s here, holding screens open for nothing.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ...extraArgs,
    ],
  });
}
