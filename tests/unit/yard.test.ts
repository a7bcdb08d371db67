// Yard work's rules that need no server (issue 44): where a scanned label leads, the keys a
// checklist's items are given, and how a queued write is sent: its photos once each, then the
// write with its key; kept when there is no answer, refused with the server's reason otherwise.
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/domain/api/documents.ts';
import type { QueuedWrite } from '../../src/outbox/queuedWrites.ts';
import { sendWrite } from '../../src/outbox/sendWrite.ts';
import { withKeys } from '../../src/resources/checkTemplates/itemKeys.ts';
import { scanTarget } from '../../src/scan/scanTarget.ts';

describe('scanTarget', () => {
  it("opens the portal's own labels, a typed code, and nothing else", () => {
    expect(scanTarget('https://fleet.example/qr?code=357309051000001&claim=BB6EF-26A5E')).toBe(
      '/qr?code=357309051000001&claim=BB6EF-26A5E',
    );
    expect(scanTarget('http://127.0.0.1:8080/asset/3f1e')).toBe('/asset/3f1e');
    expect(scanTarget(' 70B3D5E75E100002 ')).toBe('/qr?code=70B3D5E75E100002');
    expect(scanTarget('https://evil.example/login')).toBeNull();
    expect(scanTarget('javascript:alert(1)')).toBeNull();
    expect(scanTarget('   ')).toBeNull();
  });
});

describe('withKeys', () => {
  it('keeps the keys items had and names new ones from their labels, each once', () => {
    expect(
      withKeys([
        { key: 'fuel', label: 'Fuel level' },
        { label: 'Ditching bucket' },
        { label: 'Ditching bucket' },
        { label: '2nd bucket' },
        { label: 'Rétroviseur gauche' },
      ]).map((item) => item.key),
    ).toEqual(['fuel', 'ditchingBucket', 'ditchingBucket2', 'item2ndBucket', 'retroviseurGauche']);
  });
});

const queued = (photos: QueuedWrite['photos']): QueuedWrite => ({
  id: 'write-1',
  userId: 'u1',
  kind: 'meterReading',
  subject: 'Excavator 7',
  path: '/v1/portal/machines/m1/meter-readings',
  body: { valueH: 1210, readAt: '2026-12-05T08:00:00.000Z' },
  photos,
  photoField: 'fileId',
  machineId: 'm1',
  createdAtMs: 1,
  state: 'queued',
  message: null,
  settledAtMs: null,
});

function sender(failWith?: unknown) {
  const calls: string[] = [];
  return {
    calls,
    uploadQueuedPhoto: async (_blob: Blob, name: string, _query: unknown, key: string) => {
      calls.push(`upload ${name} ${key}`);
      return { id: `file-${name}` } as DocumentRecord;
    },
    sendQueuedWrite: async (path: string, body: unknown, key: string) => {
      calls.push(`send ${path} ${JSON.stringify(body)} ${key}`);
      if (failWith) throw failWith;
      return {};
    },
  };
}

describe('sendWrite', () => {
  const saved: QueuedWrite[] = [];
  const save = async (write: QueuedWrite) => {
    saved.push(write);
  };

  it('uploads each photo once, then makes the write with its key', async () => {
    const api = sender();
    const photo = { name: 'dial.jpg', blob: new Blob(['x']) };
    const after = await sendWrite(api, queued([photo]), save, () => 42);
    expect(after).toMatchObject({ state: 'sent', settledAtMs: 42 });
    expect(api.calls).toEqual([
      'upload dial.jpg write-1-photo-0',
      'send /v1/portal/machines/m1/meter-readings {"valueH":1210,"readAt":"2026-12-05T08:00:00.000Z","fileId":"file-dial.jpg"} write-1',
    ]);
    // A photo already uploaded is not uploaded again.
    const again = sender();
    await sendWrite(again, queued([{ ...photo, fileId: 'file-1' }]), save);
    expect(again.calls.filter((call) => call.startsWith('upload'))).toEqual([]);
  });

  it('keeps the write when there is no answer, and keeps the refusal when there is one', async () => {
    const offline = await sendWrite(
      sender(new HttpError('app.errors.no_response', 0, { code: 'NETWORK_ERROR' })),
      queued([]),
      save,
    );
    expect(offline.state).toBe('queued');
    const busy = await sendWrite(
      sender(new HttpError('still being answered', 409, { code: 'CONFLICT', retryAfterS: 1 })),
      queued([]),
      save,
    );
    expect(busy.state).toBe('queued');
    const refused = await sendWrite(
      sender(new HttpError("below the meter's current reading of 1300 h", 400, { code: 'X' })),
      queued([]),
      save,
    );
    expect(refused).toMatchObject({
      state: 'refused',
      message: "below the meter's current reading of 1300 h",
    });
    const closed = await sendWrite(
      sender(new HttpError("This hire's offHire check is already recorded", 409, { code: 'C' })),
      queued([]),
      save,
    );
    expect(closed.state).toBe('refused');
  });
});
