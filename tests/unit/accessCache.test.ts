// The brief per-process hold of what the access check reads: held for its time, forgotten when
// told, and never kept when the forgetting came while it was being read.
import { describe, expect, it } from 'vitest';
import { AccessCache } from '../../server/security/accessCache.ts';

describe('AccessCache', () => {
  it('holds a value for its time and loads it again after', async () => {
    let nowMs = 0;
    let loads = 0;
    const cache = new AccessCache<string>(5_000, () => nowMs, 10);
    const load = async () => `v${++loads}`;
    expect(await cache.get('a', load)).toBe('v1');
    nowMs = 4_999;
    expect(await cache.get('a', load)).toBe('v1');
    nowMs = 5_000;
    expect(await cache.get('a', load)).toBe('v2');
  });

  it('does not hold an absent value', async () => {
    let loads = 0;
    const cache = new AccessCache<string>(5_000, () => 0, 10);
    const load = async () => (++loads > 1 ? 'found' : undefined);
    expect(await cache.get('a', load)).toBeUndefined();
    expect(await cache.get('a', load)).toBe('found');
  });

  it('loads again what it was told to forget, one key or all', async () => {
    let loads = 0;
    const cache = new AccessCache<number>(5_000, () => 0, 10);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    cache.forget('a');
    expect(await cache.get('a', load)).toBe(3);
    expect(await cache.get('b', load)).toBe(2);
    cache.forgetAll();
    expect(await cache.get('b', load)).toBe(4);
  });

  it('answers but does not keep a value read while a forgetting came', async () => {
    let loads = 0;
    const cache = new AccessCache<number>(5_000, () => 0, 10);
    // The notice overtakes the read: the read began before the change and may show the old state.
    const answer = await cache.get('a', async () => {
      cache.forget('a');
      return ++loads;
    });
    expect(answer).toBe(1);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });

  it('starts afresh rather than growing past its bound', async () => {
    let loads = 0;
    const cache = new AccessCache<number>(5_000, () => 0, 2);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(4);
  });
});
