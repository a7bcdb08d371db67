// Sends one queued write: its photos first (each once), then the write itself with its
// Idempotency-Key. No answer, a server failure, or the first try still being answered leave it
// queued for the next try; any other refusal is the answer, kept with its reason.
import { HttpError } from 'ra-core';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import type { QueuedWrite } from './queuedWrites.ts';

type Sender = Pick<PortalDataProvider, 'uploadQueuedPhoto' | 'sendQueuedWrite'>;

/** Whether a failure may pass with time: no network, a session to renew, the server's own. */
const passing = (error: unknown) =>
  !(error instanceof HttpError) ||
  error.status === 0 ||
  error.status === 401 ||
  (error.status === 409 &&
    (error.body as { retryAfterS?: number } | undefined)?.retryAfterS !== undefined) ||
  error.status === 429 ||
  error.status >= 500;

export async function sendWrite(
  sender: Sender,
  write: QueuedWrite,
  save: (write: QueuedWrite) => Promise<void>,
  nowMs: () => number = Date.now,
): Promise<QueuedWrite> {
  let current = write;
  try {
    for (const [index, photo] of current.photos.entries()) {
      if (photo.fileId) continue;
      const uploaded = await sender.uploadQueuedPhoto(
        photo.blob,
        photo.name,
        { type: 'photo', ...(current.machineId ? { machineId: current.machineId } : {}) },
        `${current.id}-photo-${index}`,
      );
      const photos = current.photos.map((one, i) =>
        i === index ? { ...one, fileId: uploaded.id } : one,
      );
      current = { ...current, photos };
      await save(current);
    }
    const fileIds = current.photos.map((photo) => photo.fileId ?? '');
    const body =
      current.photoField === 'fileId'
        ? { ...current.body, ...(fileIds[0] ? { fileId: fileIds[0] } : {}) }
        : current.photoField === 'photoIds'
          ? { ...current.body, photoIds: fileIds }
          : current.body;
    await sender.sendQueuedWrite(current.path, body, current.id);
    current = { ...current, state: 'sent', message: null, settledAtMs: nowMs() };
  } catch (error) {
    if (passing(error)) return current;
    const message = error instanceof Error ? error.message : String(error);
    current = { ...current, state: 'refused', message, settledAtMs: nowMs() };
  }
  await save(current);
  return current;
}
