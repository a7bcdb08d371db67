// The machine report: a CSV whose rows are the list's, a daily CSV, a PDF with the brand's logo and
// colours, and the 400s of bad parameters.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../server/documents/contentTypes.ts';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { parseCsv } from '../support/csv.ts';
import { pngOf } from '../support/png.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('machine report', { users: ['admin'] }, (fixture) => {
  beforeAll(async () => {
    // The brand as its admin sets it: the PDF's band carries this logo.
    const brand = new FormData();
    brand.append('primary_background_colour', '#123456');
    brand.append('secondary_background_colour', '#AA3300');
    brand.append('logoFile', new Blob([new Uint8Array(pngOf(120, 40))]), 'logo.png');
    const saved = await fetch(`${fixture.server.url}/v1/portal/brandconfig`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.admin}` },
      body: brand,
    });
    if (saved.status !== 200) throw new Error(`brand not saved: ${saved.status}`);
  });

  const report = (query: string, token = fixture.admin) =>
    fetch(`${fixture.server.url}/v1/portal/machines/report?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('writes the list’s rows, in the list’s order, as CSV', async () => {
    const query = 'start=max&end=max&show=all&sort=name&order=ASC';
    const list = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?${query}`,
      {
        token: fixture.admin,
      },
    );
    const response = await report(`${query}&format=csv&options=activeHours,missingPercentage`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.csv"/);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([
      'Machine',
      'Asset ID',
      'Category',
      'Type',
      'Site',
      'Customer',
      'Hire status',
      'Contract',
      'Active (h)',
      'Missing data (%)',
    ]);
    expect(rows.map((row) => row[1])).toEqual(list.body.machines.map((m) => m.assetID ?? ''));
    expect(rows.map((row) => row[0])).toEqual(list.body.machines.map((m) => m.name));
  });

  it('adds the hour meter with its source and reading time when asked', async () => {
    // A machine with no reading yet (other files on the shared server read meters too).
    const [machine] = await fixture.server.db.query<{ id: string; asset_id: string }>(
      `SELECT m.id, m.asset_id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM meter_reading r WHERE r.machine_id = m.id)
        ORDER BY m.asset_id LIMIT 1`,
    );
    if (!machine) throw new Error('no machine');
    const read = await call(
      fixture.server,
      'POST',
      `/v1/portal/machines/${machine.id}/meter-readings`,
      // 09:30 in London in November is 09:30 UTC.
      { body: { valueH: 4321.5, readAt: '2026-11-02T09:30:00Z' }, token: fixture.admin },
    );
    expect(read.status).toBe(201);
    const [header, ...rows] = parseCsv(
      await (
        await report(
          `start=max&end=max&sort=name&order=ASC&format=csv&options=activeHours,hourMeter`,
        )
      ).text(),
    );
    expect(header?.slice(-4)).toEqual([
      'Active (h)',
      'Hour meter (h)',
      'Hour meter source',
      'Hour meter read at',
    ]);
    const row = rows.find((cells) => cells[1] === machine.asset_id);
    expect(Number(row?.at(-3))).toBeGreaterThanOrEqual(4321.5);
    expect(row?.slice(-2)).toEqual(['Computed', '2026-11-02 09:30']);
  });

  it('writes the same rows as a workbook: numbers typed, the heading row frozen', async () => {
    const query = 'start=max&end=max&show=all&sort=name&order=ASC&options=activeHours';
    const csv = parseCsv(await (await report(`${query}&format=csv`)).text());
    const response = await report(`${query}&format=xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(CONTENT_TYPES.xlsx);
    expect(response.headers.get('content-disposition')).toMatch(/filename=".*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet(2);
    if (!sheet) throw new Error('no sheet of machines');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows = sheet.getSheetValues().slice(1) as (ExcelJS.CellValue[] | undefined)[];
    expect(rows.map((row) => row?.[1])).toEqual(csv.map((row) => row[0]));
    const active = csv[0]?.indexOf('Active (h)') ?? -1;
    for (const [i, row] of csv.slice(1).entries()) {
      const cell = rows[i + 1]?.[active + 1];
      // An empty last field ends the CSV's line: no hours, no cell.
      const text = row[active] ?? '';
      expect(cell ?? null).toBe(text === '' ? null : Number(text));
    }
  });

  it('keeps to the list’s filters, the site and the hire’s end', async () => {
    const all = parseCsv(await (await report('start=max&end=max&show=all')).text()).length - 1;
    const search = parseCsv(await (await report('start=max&end=max&show=all&q=NPH-000')).text());
    expect(search.length - 1).toBeLessThan(all);
    expect(search.slice(1).every((row) => row[1]?.includes('NPH-000'))).toBe(true);
    const [hire] = await fixture.server.db.query<{ day: string }>(
      `SELECT to_char(h.ends_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS day FROM hire h
         JOIN organisation o ON o.id = h.rental_organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND h.starts_at <= now() AND h.ends_at > now()
        ORDER BY h.ends_at LIMIT 1`,
    );
    const ending = parseCsv(
      await (
        await report(`start=max&end=max&show=all&expiry_start=${hire?.day}&expiry_end=${hire?.day}`)
      ).text(),
    );
    expect(ending.length - 1).toBeGreaterThanOrEqual(1);
    expect(ending.length - 1).toBeLessThan(all);
  });

  it('writes a row per machine and day for the daily report', async () => {
    const response = await report('type=daily&start=max&end=max&show=all');
    const [header] = parseCsv(await response.text());
    expect(header?.slice(0, 4)).toEqual(['Date', 'Machine', 'Asset ID', 'Active (h)']);
  });

  it('draws a PDF with the organisation’s logo', async () => {
    const response = await report('start=max&end=max&show=all&format=pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain('/Subtype /Image');
    // 41 machines at about 30 a page.
    expect(text.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('names the parameter it cannot take', async () => {
    for (const [query, field] of [
      ['options=activeHours,colour', 'options'],
      ['format=docx', 'format'],
      ['start=yesterday', 'start'],
      ['expiry_start=2026-11-10&expiry_end=2026-11-01', 'expiry_end'],
      ['site=not-a-uuid', 'site'],
    ] as const) {
      const response = await report(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as ApiError).field, query).toBe(field);
    }
    expect((await report('format=csv', 'not-a-token')).status).toBe(401);
  });
});
