// One writer per embedded database: a second portal on the same DATA_DIR refuses to start, naming
// the folder and the running process; a lock left by a process that is gone is taken over.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../../server/db/dataDirLock.ts';
import { openDatabase } from '../../server/db/open.ts';

describe('the embedded database folder lock', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second opener while the first runs, and lets it in after', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    await first.query('SELECT 1');
    await first.close();
    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    await second.close();
  });

  it('stops a second server process with a message naming the folder and the process', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          TELTONIKA_PORT: 'off',
          WEB_DIR: '',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(path.join(dataDir, 'pglite'));
      expect(stderr).toContain(`process ${process.pid}`);
      // The first still has its data.
      expect(await first.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
  }, 60_000);

  it('takes over a lock whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(gone.stdout.toString());
    writeFileSync(
      path.join(dataDir, 'pglite', 'portal.lock'),
      JSON.stringify({ pid, hostname: os.hostname(), startedAt: '2026-01-01T00:00:00Z' }),
    );
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    await db.close();
  });
});
