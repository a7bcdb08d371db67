// The phone's queue of writes made without a signal (issue 44), in IndexedDB so it outlives a
// closed tab or a restarted phone. Each write keeps its photos as blobs until they are uploaded,
// and its state: waiting, sent, or refused with the server's reason (kept until dismissed).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface QueuedPhoto {
  name: string;
  blob: Blob;
  /** The uploaded file's id, once uploaded: a second try does not upload it again. */
  fileId?: string;
}

export type QueuedWriteState = 'queued' | 'sent' | 'refused';

export interface QueuedWrite {
  /** Also the Idempotency-Key: however often it is sent, the server makes it once. */
  id: string;
  /** Whose write it is, and in which organisation: only that session sends it. */
  userId: string;
  kind: 'meterReading' | 'hireCheck';
  /** What the user recognises it by: the machine, the hire's contract. */
  subject: string;
  path: string;
  body: Record<string, unknown>;
  photos: QueuedPhoto[];
  /** Where the photos' file ids go in the body: one file, or a list. */
  photoField: 'fileId' | 'photoIds' | null;
  /** The machine the photos are filed on. */
  machineId: string | null;
  createdAtMs: number;
  state: QueuedWriteState;
  /** The server's reason for a refusal (a closed hire, a reading below the meter's). */
  message: string | null;
  settledAtMs: number | null;
}

interface OutboxSchema extends DBSchema {
  writes: { key: string; value: QueuedWrite };
}

const DATABASE = 'portal-outbox';
/** A sent write is shown for a day, then forgotten; a refused one stays until dismissed. */
const SENT_KEPT_MS = 24 * 3600_000;

let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;
const database = () =>
  (opened ??= openDB<OutboxSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('writes', { keyPath: 'id' });
    },
  }));

export async function queuedWrites(userId: string, nowMs = Date.now()): Promise<QueuedWrite[]> {
  const db = await database();
  const kept: QueuedWrite[] = [];
  for (const write of await db.getAll('writes')) {
    if (write.state === 'sent' && nowMs - (write.settledAtMs ?? 0) > SENT_KEPT_MS) {
      await db.delete('writes', write.id);
    } else if (write.userId === userId) kept.push(write);
  }
  return kept.sort((a, b) => a.createdAtMs - b.createdAtMs);
}

export async function saveWrite(write: QueuedWrite): Promise<void> {
  await (await database()).put('writes', write);
}

export async function forgetWrite(id: string): Promise<void> {
  await (await database()).delete('writes', id);
}
