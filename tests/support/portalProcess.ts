// The portal as `npm start` runs it (server/main.ts on a temporary data folder, with the demo), for
// the browser suites; and the browser contexts they drive it with.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fakeClockOffsetMs, fakeClockScript } from './fakeClock.mjs';

export interface PortalProcess {
  url: string;
  output(): string;
  /** SIGTERM, as an orchestrator stops it: resolves with the exit code. */
  terminate(): Promise<number | null>;
  /** Kills it if it still runs and removes its data folder. */
  stop(): void;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(
  url: string,
  server: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const reply = await fetch(`${url}/v1/health/ready`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/** Starts the portal with `historyDays` of demo history and waits until it says it is ready. */
export async function startPortalProcess(
  historyDays: number,
  env: Record<string, string> = {},
): Promise<PortalProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      // Any free port: a portal already running here holds the default 5027.
      TELTONIKA_PORT: '0',
      DEMO_HISTORY_DAYS: String(historyDays),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(url, server, () => output);
  } catch (error) {
    stop();
    throw error;
  }
  const terminate = () =>
    new Promise<number | null>((resolve) => {
      if (server.exitCode !== null) return resolve(server.exitCode);
      server.once('exit', (code) => resolve(code));
      server.kill('SIGTERM');
    });
  return { url, output: () => output, terminate, stop };
}

/**
 * A browser context on CI's fake clock when there is one, as the server is. The portal's service
 * worker is blocked unless asked for: a test then sees every request the page makes itself.
 */
export async function newPortalContext(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { serviceWorker?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  if (fakeClockOffsetMs !== 0) await context.addInitScript(fakeClockScript(fakeClockOffsetMs));
  return context;
}

/**
 * Signs in through the login page as a demo user and, for one in several organisations, picks
 * Northbank; resolves once the machine list shows.
 */
export async function signInToDemo(
  page: Page,
  url: string,
  email: string,
  password = 'Demo-portal-1',
): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const picker = page.getByRole('button', { name: /Northbank Plant Hire/ });
  const summary = page.getByTestId('machine-summary');
  await Promise.race([picker.waitFor({ timeout: 30_000 }), summary.waitFor({ timeout: 30_000 })]);
  if (await picker.isVisible()) await picker.click();
  await summary.waitFor({ timeout: 30_000 });
}
