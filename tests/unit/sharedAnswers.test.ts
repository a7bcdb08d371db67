// ReadModel.shared: requests asking the same share one answer while it is worked out, and take a
// finished one only if it began after they asked (it is then as new as their own would be).
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { ReadModel } from '../../server/readModel/readModel.ts';

describe('shared answers', () => {
  const model = () => new ReadModel({} as Database);

  it('works out one answer for the requests that ask while it is under way', async () => {
    const shared = model();
    let answers = 0;
    const answer = async () => {
      const mine = ++answers;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return mine;
    };
    const now = performance.now();
    const replies = await Promise.all([
      shared.shared('list', now, answer),
      shared.shared('list', now, answer),
      shared.shared('other', now, answer),
    ]);
    expect(replies).toEqual([1, 1, 2]);
    expect(answers).toBe(2);
  });

  it('gives a finished answer to a request that asked before it began, and no other', async () => {
    const shared = model();
    let answers = 0;
    const answer = async () => ++answers;
    const askedBefore = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await shared.shared('list', performance.now(), answer)).toBe(1);
    // Asked before the first answer began: it is as new as its own would be.
    expect(await shared.shared('list', askedBefore, answer)).toBe(1);
    // Asked after it began: something may have changed since, so it is worked out again.
    expect(await shared.shared('list', performance.now(), answer)).toBe(2);
    expect(answers).toBe(2);
  });

  it('keeps no failed answer', async () => {
    const shared = model();
    const askedBefore = performance.now();
    await expect(
      shared.shared('list', performance.now(), () => Promise.reject(new Error('no'))),
    ).rejects.toThrow('no');
    expect(await shared.shared('list', askedBefore, async () => 'yes')).toBe('yes');
  });
});
