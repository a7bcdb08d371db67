// `npm start` builds the portal's web files beside the server's start-up instead of before it: the
// build runs in its own process while this one opens the database and seeds the demo, and the
// files are served once it is done (the static routes are made from the files there).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const VITE = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

/** Runs `vite build`; resolves when the files are written, rejects when the build fails. */
export function buildWeb(): Promise<void> {
  const child = spawn(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  // A start-up that fails first leaves no build behind it.
  const stop = () => child.kill();
  process.once('exit', stop);
  const built = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.removeListener('exit', stop);
      if (code === 0) resolve();
      else reject(new Error(`The web build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  // Awaited only before the app is built: a failure meanwhile must not end the process unreported.
  built.catch(() => undefined);
  return built;
}
