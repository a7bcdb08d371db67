// Documents through HTTP on both databases: a PDF uploaded to a machine, listed with its filter and
// dates, downloaded byte for byte and deleted; another organisation never sees it; a viewer may
// read but not upload; a file of another kind or too large is refused and leaves nothing behind.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/domain/api/documents.ts';
import { demoMachines } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describeServer('documents', { env: { DOCUMENT_MAX_BYTES: '4000' } }, (fixture) => {
  let admin: string;
  let viewer: string;
  let other: string;
  let machineId: string;

  beforeAll(async () => {
    machineId = (await demoMachines(fixture.server)).machineId;
    admin = (await signIn(fixture.server)).token;
    viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    other = (await signIn(fixture.server, 'harrow@demo.example')).token;
  });

  const upload = (query: string, name: string, bytes: Buffer, token = admin) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${fixture.server.url}/v1/portal/files?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const list = (filter: object, token = admin) =>
    call<DocumentRecord[]>(
      fixture.server,
      'GET',
      `/v1/portal/files?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      { token },
    );
  const storedFiles = () => {
    try {
      return readdirSync(path.join(fixture.server.config.filesDir, 'documents'), {
        recursive: true,
      });
    } catch {
      return [];
    }
  };

  it('uploads a document to a machine, lists, downloads and deletes it', async () => {
    const response = await upload(`type=manual&machineId=${machineId}`, 'Operator manual.pdf', PDF);
    expect(response.status).toBe(201);
    const document = (await response.json()) as DocumentRecord;
    expect(document).toMatchObject({
      name: 'Operator manual.pdf',
      type: 'manual',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      machineId,
    });
    expect((await list({ machineId })).body.map((d) => d.id)).toEqual([document.id]);
    expect((await list({ scope: 'site' })).body).toEqual([]);
    expect((await list({ q: 'operator', from: '2000-01-01' })).body).toHaveLength(1);
    expect((await list({ to: '2000-01-01' })).body).toEqual([]);
    // Viewers read.
    const download = await fetch(`${fixture.server.url}/v1/portal/files/${document.id}/download`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    // Another organisation neither lists nor opens it.
    expect((await list({}, other)).body.map((d) => d.id)).not.toContain(document.id);
    expect(
      (
        await call(fixture.server, 'GET', `/v1/portal/files/${document.id}/download`, {
          token: other,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(fixture.server, 'DELETE', `/v1/portal/files/${document.id}`, { token: viewer }))
        .status,
    ).toBe(403);
    expect(
      (await call(fixture.server, 'DELETE', `/v1/portal/files/${document.id}`, { token: admin }))
        .status,
    ).toBe(204);
    expect((await list({ machineId })).body).toEqual([]);
    expect(storedFiles()).toHaveLength(1); // the organisation's folder, empty
  });

  it('refuses what it must, naming the field, and keeps nothing of it', async () => {
    const before = storedFiles().length;
    const renamed = await upload('type=other', 'virus.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
    expect(renamed.status).toBe(415);
    expect(await renamed.json()).toMatchObject({ field: 'file' });
    const big = await upload('type=other', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(5000, 32)]));
    expect(big.status).toBe(413);
    expect((await upload('type=nonsense', 'a.pdf', PDF)).status).toBe(400);
    expect(
      (await upload('type=other&machineId=00000000-0000-4000-8000-000000000000', 'a.pdf', PDF))
        .status,
    ).toBe(404);
    expect((await upload('type=other', 'a.pdf', PDF, viewer)).status).toBe(403);
    expect(storedFiles().length).toBe(before);
    expect(
      (
        await call(fixture.server, 'GET', '/v1/portal/files?filter={"scope":"moon"}', {
          token: admin,
        })
      ).body,
    ).toMatchObject({ field: 'filter.scope' });
  });
});
