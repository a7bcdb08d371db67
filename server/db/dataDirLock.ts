// One writer per embedded database: PGlite keeps its pages in this process's memory, so a second
// process on the same folder would silently write over the first. A lock file names the owner.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string'
      ? { pid: owner.pid, hostname: owner.hostname, startedAt: String(owner.startedAt) }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder's lock, or throws DataDirLockedError naming the folder and the process that
 * holds it. A lock left by a process that is gone (a crash, kill -9) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      const sameHost = owner?.hostname === os.hostname();
      if (owner && (!sameHost || isRunning(owner.pid))) {
        throw new DataDirLockedError(
          `The embedded database in ${path.resolve(dir)} is in use by process ${owner.pid} on ` +
            `${owner.hostname} (started ${owner.startedAt}). Stop that portal first, or set ` +
            `DATA_DIR to another folder. If no such process runs, delete ${path.resolve(file)}.`,
        );
      }
      // Stale or unreadable: remove it and take the lock.
      unlinkSync(file);
      continue;
    }
    const owner: LockOwner = {
      pid: process.pid,
      hostname: os.hostname(),
      startedAt: new Date().toISOString(),
    };
    writeSync(fd, JSON.stringify(owner));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readOwner(file)?.pid === process.pid) unlinkSync(file);
    };
    process.on('exit', release);
    return release;
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dir)}`);
}
