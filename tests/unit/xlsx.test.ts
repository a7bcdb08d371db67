// Issue 40: every CSV also as XLSX — typed cells, a frozen heading row, the organisation's name,
// and text a spreadsheet would run as a formula neutralised as the CSV does it.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { section } from '../../server/documents/document.ts';
import { documentXlsx } from '../../server/documents/xlsx.ts';

interface Row {
  name: string;
  hours: number | null;
  seen: string;
  day: string;
}

const document = {
  title: 'Fleet utilisation',
  subtitle: ['R&D Plant Hire', '01-11-2026 to 07-11-2026'],
  sections: [
    section<Row>(
      'Machines: utilisation per machine [all]',
      [
        { heading: 'Machine', value: (r) => r.name },
        { heading: 'Active (h)', decimals: 2, value: (r) => r.hours },
        { heading: 'Last seen', value: (r) => r.seen },
        { heading: 'Day', value: (r) => r.day },
      ],
      [
        { name: 'Digger 1', hours: 1234.5, seen: '2026-11-07 16:45', day: '2026-11-07' },
        { name: '=HYPERLINK("http://x","y")', hours: null, seen: '', day: 'not a day' },
      ],
      { notes: ['Above 100 %: hours beyond the working day.'] },
    ),
    section<Row>('Machines: utilisation per machine [all]', [], []),
  ],
};

async function read(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

async function sheetAt(index: number) {
  const found = (await read(await documentXlsx(document, 'R&D Plant Hire'))).worksheets[index];
  if (!found) throw new Error(`no sheet ${index}`);
  return found;
}

describe('a report as an Excel workbook', () => {
  it('has a first sheet naming the report and the organisation, one sheet per section', async () => {
    const workbook = await read(await documentXlsx(document, 'R&D Plant Hire'));
    expect(workbook.company).toBe('R&D Plant Hire');
    const names = workbook.worksheets.map((sheet) => sheet.name);
    // Excel refuses [ ] in names and more than 31 characters; two sections of one title differ.
    expect(names).toEqual([
      'Fleet utilisation',
      'Machines  utilisation per ma',
      'Machines  utilisation per ma 2',
    ]);
    const about = await sheetAt(0);
    expect(about.getCell('A1').value).toBe('Fleet utilisation');
    expect(about.getCell('A2').value).toBe('R&D Plant Hire');
    expect(about.getCell('A3').value).toBe('01-11-2026 to 07-11-2026');
  });

  it('types its cells: numbers with their decimals, dates and times as dates', async () => {
    const sheet = await sheetAt(1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Machine',
      'Active (h)',
      'Last seen',
      'Day',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.headerFooter.oddHeader).toBe('&LR&&D Plant Hire&RFleet utilisation');

    const hours = sheet.getCell('B2');
    expect(hours.value).toBe(1234.5);
    expect(hours.numFmt).toBe('#,##0.00');
    const seen = sheet.getCell('C2');
    expect(seen.value).toEqual(new Date(Date.UTC(2026, 10, 7, 16, 45)));
    expect(seen.numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(sheet.getCell('D2').value).toEqual(new Date(Date.UTC(2026, 10, 7)));
    expect(sheet.getCell('D2').numFmt).toBe('dd-mm-yyyy');
    // An empty cell stays empty, not 0; text that is not a day stays text.
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('D3').value).toBe('not a day');
    expect(sheet.getCell('A5').value).toBe('Above 100 %: hours beyond the working day.');
  });

  it('never writes a formula: text that starts like one is shown, prefixed as in the CSV', async () => {
    const sheet = await sheetAt(1);
    const cell = sheet.getCell('A3');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'=HYPERLINK("http://x","y")`);
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((c) => {
        if (c.type === ExcelJS.ValueType.Formula) formulas++;
      }),
    );
    expect(formulas).toBe(0);
  });

  it('says so when a section has no rows', async () => {
    const sheet = await sheetAt(2);
    expect(sheet.getCell('A2').value).toBe('Nothing in this range for this selection.');
  });
});
