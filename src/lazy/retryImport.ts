// Retries a failed dynamic import: a screen's chunk may fail on a flaky connection or mid-deploy.
import { LAZY_LOAD_RETRIES, LAZY_LOAD_RETRY_INTERVAL_MS } from '../domain/constants.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryImport<T>(
  load: () => Promise<T>,
  retries: number = LAZY_LOAD_RETRIES,
  intervalMs: number = LAZY_LOAD_RETRY_INTERVAL_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await wait(intervalMs);
    }
  }
}
