// Decodes one PNG whole, in a worker thread of its own (server/images/decodeImage.ts): a file that
// only starts like a PNG is found out here, where its memory and time are capped, not on the
// thread that answers every request. Plain JavaScript, so it runs under node, tsx and vitest alike.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import pngjs from 'pngjs';

try {
  const image = pngjs.PNG.sync.read(Buffer.from(workerData));
  parentPort?.postMessage({ widthPx: image.width, heightPx: image.height });
} catch {
  parentPort?.postMessage(null);
}
