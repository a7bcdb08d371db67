// Lazy screens retry a failed import 10 times at 500 ms before giving up.
import { describe, expect, it } from 'vitest';
import { retryImport } from '../../src/lazy/retryImport.ts';

describe('retryImport', () => {
  it('retries until the import succeeds', async () => {
    let calls = 0;
    const waits: number[] = [];
    const value = await retryImport(
      async () => {
        calls++;
        if (calls < 4) throw new Error('chunk failed');
        return 'screen';
      },
      10,
      500,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(value).toBe('screen');
    expect(waits).toEqual([500, 500, 500]);
  });

  it('gives up after 10 retries with the last error', async () => {
    let calls = 0;
    const failing = retryImport(
      async () => {
        calls++;
        throw new Error(`attempt ${calls}`);
      },
      10,
      500,
      async () => undefined,
    );
    await expect(failing).rejects.toThrow('attempt 11');
    expect(calls).toBe(11);
  });
});
