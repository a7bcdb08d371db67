// The one place uploaded files live. A key is a relative path of plain segments; the default store
// is a directory (FILES_DIR), and an S3-compatible store would implement the same three calls.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Undefined when no file has the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removing a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function directoryStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not a file key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const aside = `${target}.${randomUUID()}.part`;
      await writeFile(aside, bytes);
      await rename(aside, target);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
