// Looking up a secret from a mailed link, throttled per address like sign-in: a try with a secret
// that was never issued counts, so guessing one is slowed to a crawl; a real link does not count.
import type { Queryable } from '../db/database.ts';
import { throttle, type ThrottleLimits } from './throttle.ts';

export async function throttledLookup<T>(
  db: Queryable,
  limits: ThrottleLimits,
  address: string,
  purpose: string,
  lookup: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const key = `token:${purpose}:${address}`;
  await throttle(db, key, limits, 'tries with links that do not exist');
  const found = await lookup();
  if (found !== undefined) {
    await db.query(
      'UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE throttle_key = $1',
      [key],
    );
  }
  return found;
}
