// On-hire and off-hire checks (issue 44) through HTTP on both databases: an admin makes a
// checklist for a machine category (a viewer may not), the yard records a hire's on-hire check
// with a photo and a signature, the customer the off-hire check once the rental company allows
// it, each once; the differences give the fuel used, the hours run, new damage and a missing
// attachment; bad answers name their item.
// @clock-relative: checks are dated just before now.
import { execFileSync } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import type { CheckDifferences, CheckTemplate, HireCheck } from '../../src/domain/api/checks.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const SIGNATURE = `data:image/png;base64,${Buffer.from('a signature').toString('base64')}`;
// The smallest PNG a photo may be: its signature and an IHDR chunk's start.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

const ITEMS = [
  { key: 'fuel', label: 'Fuel level', kind: 'fuelLevel' },
  { key: 'meter', label: 'Hour meter', kind: 'hourMeter' },
  { key: 'bucket', label: 'Ditching bucket', kind: 'present' },
  { key: 'damage', label: 'Damage', kind: 'damage' },
  { key: 'clean', label: 'Clean', kind: 'clean' },
];

describeServer('checks', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  let hireId: string;
  let category: string;
  let photoId: string;

  beforeAll(async () => {
    const [hire] = await fixture.server.db.query<{ id: string; category: string }>(
      `SELECT h.id, m.category FROM hire h JOIN machine m ON m.id = h.machine_id
         JOIN organisation o ON o.id = h.rental_organisation_id
         JOIN organisation c ON c.id = h.customer_organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND c.name = 'Harrow Civil Engineering'
          AND m.category IS NOT NULL
        ORDER BY h.starts_at DESC LIMIT 1`,
    );
    hireId = hire?.id ?? '';
    category = hire?.category ?? '';
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'dial.png');
    const uploaded = await fetch(`${fixture.server.url}/v1/portal/files?type=photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.admin}` },
      body: form,
    });
    photoId = ((await uploaded.json()) as { id: string }).id;
  });

  const send = <T>(method: string, path: string, body?: unknown, token = fixture.admin) =>
    call<T & { field?: string; message?: string }>(fixture.server, method, path, { body, token });
  const check = (
    kind: 'onHire' | 'offHire',
    answers: Record<string, unknown>,
    token = fixture.admin,
    photoIds = [photoId],
  ) =>
    send<HireCheck>(
      'POST',
      `/v1/portal/hires/${hireId}/checks`,
      { kind, answers, photoIds, signature: SIGNATURE, signedBy: 'Sam Driver' },
      token,
    );

  it('makes a checklist for a category, by writers only, each item named once', async () => {
    expect(hireId).not.toBe('');
    const body = { name: `${category} hand-over`, category, items: ITEMS };
    expect((await send('POST', '/v1/portal/check-templates', body, fixture.viewer)).status).toBe(
      403,
    );
    const twice = await send('POST', '/v1/portal/check-templates', {
      ...body,
      items: [...ITEMS, ITEMS[0]],
    });
    expect([twice.status, twice.body.field]).toEqual([400, 'items.5.key']);
    const made = await send<CheckTemplate>('POST', '/v1/portal/check-templates', body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const renamed = await send<CheckTemplate>(
      'PATCH',
      `/v1/portal/check-templates/${made.body.id}`,
      {
        name: 'Excavator hand-over',
      },
    );
    expect(renamed.body).toMatchObject({ name: 'Excavator hand-over', category, items: ITEMS });
    const listed = await call<CheckTemplate[]>(
      fixture.server,
      'GET',
      `/v1/portal/check-templates?filter=${encodeURIComponent(JSON.stringify({ category }))}`,
      { token: fixture.viewer },
    );
    expect(listed.body.map((t) => t.id)).toEqual([made.body.id]);
    expect(listed.headers.get('content-range')).toBe('check-templates 0-0/1');
  });

  it('records the on-hire and off-hire checks once each, answers fitting their items', async () => {
    const bad = await check('onHire', { fuel: 140, meter: 1200, bucket: true, clean: true });
    expect([bad.status, bad.body.field]).toEqual([400, 'answers.fuel']);
    const missing = await check('onHire', { fuel: 90, meter: 1200, clean: true });
    expect([missing.status, missing.body.field]).toEqual([400, 'answers.bucket']);
    const unknown = await check('onHire', {
      fuel: 90,
      meter: 1200,
      bucket: true,
      clean: true,
      x: 1,
    });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'answers.x']);
    // The customer reads its hire but does not record its on-hire check.
    const customer = await check(
      'onHire',
      { fuel: 90, meter: 1200, bucket: true, clean: true },
      fixture.customer,
    );
    expect(customer.status).toBe(403);

    const on = await check('onHire', {
      fuel: 90,
      meter: 1200,
      bucket: true,
      damage: '',
      clean: true,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(201);
    expect(on.body).toMatchObject({
      kind: 'onHire',
      templateName: 'Excavator hand-over',
      photoIds: [photoId],
      signedBy: 'Sam Driver',
      doneBy: 'admin@demo.example',
    });
    const twice = await check('onHire', { fuel: 90, meter: 1200, bucket: true, clean: true });
    expect([twice.status, twice.body.field]).toEqual([409, 'kind']);

    // The customer's foreman hands the machine back on site, once the rental company allows it.
    const offAnswers = {
      fuel: 35,
      meter: 1262.5,
      bucket: false,
      damage: 'Dent in the counterweight',
      clean: false,
    };
    const notYet = await check('offHire', offAnswers, fixture.customer, []);
    expect(notYet.status).toBe(403);
    const noChecklist = await send(
      'GET',
      `/v1/portal/hires/${hireId}/checks/template`,
      undefined,
      fixture.customer,
    );
    expect(noChecklist.status).toBe(403);
    const rental = await send<Record<string, unknown>>('GET', '/v1/organisation/settings/rental');
    const allowed = await send<Record<string, unknown>>('PUT', '/v1/organisation/settings/rental', {
      ...rental.body,
      customerOffHireChecks: true,
    });
    expect(allowed.body.customerOffHireChecks).toBe(true);
    const off = await check('offHire', offAnswers, fixture.customer, []);
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    expect(off.body.doneBy).not.toBe('admin@demo.example');

    const differences = await send<CheckDifferences>(
      'GET',
      `/v1/portal/hires/${hireId}/checks/differences`,
      undefined,
      fixture.customer,
    );
    expect(differences.status).toBe(200);
    expect(differences.body).toMatchObject({
      onHireCheckId: on.body.id,
      offHireCheckId: off.body.id,
      fuelUsedPct: 55,
      meterHours: 62.5,
      newDamage: ['Damage: Dent in the counterweight'],
      missing: ['Ditching bucket'],
    });
    expect(differences.body.items.filter((i) => i.changed).map((i) => i.key)).toEqual([
      'fuel',
      'meter',
      'bucket',
      'damage',
      'clean',
    ]);
    const listed = await send<HireCheck[]>('GET', `/v1/portal/hires/${hireId}/checks`);
    expect(listed.body.map((c) => c.kind)).toEqual(['onHire', 'offHire']);
  });

  it("gives the hire's checklist, its checks' photos and its sheet to whoever sees the hire", async () => {
    // The customer may record the off-hire check now (the test before allowed it).
    for (const token of [fixture.admin, fixture.customer]) {
      const template = await send<CheckTemplate>(
        'GET',
        `/v1/portal/hires/${hireId}/checks/template`,
        undefined,
        token,
      );
      expect([template.status, template.body.name]).toEqual([200, 'Excavator hand-over']);
    }
    // The on-hire check's photo is the rental company's file; its customer sees it on the hire.
    const photo = await fetch(
      `${fixture.server.url}/v1/portal/hires/${hireId}/checks/photos/${photoId}`,
      {
        headers: { authorization: `Bearer ${fixture.customer}` },
      },
    );
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await send(
      'GET',
      `/v1/portal/hires/${hireId}/checks/photos/00000000-0000-4000-8000-000000000000`,
    );
    expect(stranger.status).toBe(404);

    const sheet = await fetch(
      `${fixture.server.url}/v1/portal/hires/${hireId}/pdf?timeZone=Europe/Berlin`,
      {
        headers: { authorization: `Bearer ${fixture.customer}`, 'accept-language': 'en' },
      },
    );
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toContain('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(await sheet.arrayBuffer()),
    }).toString('utf8');
    for (const words of [
      'On-hire check',
      'Off-hire check',
      'Signed by Sam Driver',
      'Differences for billing',
      'Dent in the counterweight',
      'Ditching bucket',
      '1,262.5 h',
      '55 %',
    ]) {
      expect(text).toContain(words);
    }
    const bad = await send('GET', `/v1/portal/hires/${hireId}/pdf?timeZone=Mars/Olympus`);
    expect([bad.status, bad.body.field]).toEqual([400, 'timeZone']);
  });

  it("refuses another organisation's photo, a future check, and a hire it does not see", async () => {
    const [other] = await fixture.server.db.query<{ id: string }>(
      `SELECT h.id FROM hire h JOIN organisation o ON o.id = h.rental_organisation_id
        WHERE o.name <> 'Northbank Plant Hire' LIMIT 1`,
    );
    if (other) {
      const theirs = await send('GET', `/v1/portal/hires/${other.id}/checks`);
      expect(theirs.status).toBe(404);
    }
    const future = await send('POST', `/v1/portal/hires/${hireId}/checks`, {
      kind: 'offHire',
      answers: { fuel: 50, meter: 1300, bucket: true, clean: true },
      photoIds: [],
      signature: SIGNATURE,
      signedBy: 'Sam',
      doneAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect([future.status, future.body.field]).toEqual([400, 'doneAt']);
    const stranger = await send('POST', `/v1/portal/hires/${hireId}/checks`, {
      kind: 'offHire',
      answers: { fuel: 50, meter: 1300, bucket: true, clean: true },
      photoIds: ['00000000-0000-4000-8000-000000000000'],
      signature: SIGNATURE,
      signedBy: 'Sam',
    });
    expect([stranger.status, stranger.body.field]).toEqual([400, 'photoIds']);
  });
});
