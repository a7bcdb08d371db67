// Whether a PNG decodes whole, found out in a worker thread with a memory and a time cap: the
// header (imageHeader.ts) has bounded its size already, and this stops a file whose data is broken
// or built to cost more than its size says, without holding the thread that answers requests.
import { Worker } from 'node:worker_threads';

export interface DecodeLimits {
  timeoutMs: number;
  /** The worker's JavaScript heap; pngjs's buffers are bounded by the header's pixels. */
  maxHeapMb: number;
}

export const DECODE_LIMITS: DecodeLimits = { timeoutMs: 3_000, maxHeapMb: 64 };
const WORKER = new URL('./decodePng.worker.mjs', import.meta.url);

/** The decoded size, or null when the bytes do not decode within the limits. */
export function decodePng(
  bytes: Buffer,
  limits: DecodeLimits = DECODE_LIMITS,
): Promise<{ widthPx: number; heightPx: number } | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const settle = (value: { widthPx: number; heightPx: number } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => settle(null), limits.timeoutMs);
    worker.once('message', (value: { widthPx: number; heightPx: number } | null) => settle(value));
    // Out of memory, or a crash: the image is refused, the server goes on.
    worker.once('error', () => settle(null));
    worker.once('exit', () => settle(null));
  });
}
