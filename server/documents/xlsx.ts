// A report as an Excel workbook (issue 40): the same sections as the CSV, one sheet each, with typed
// cells (numbers as numbers with the column's decimals, dates and times as dates), the heading row
// frozen and bold, and the organisation's name in the workbook and on every printed page. A first
// sheet carries the title, the lines under it and the notes.
import ExcelJS from 'exceljs';
import { neutralised } from './csv.ts';
import type { ReportDocument, ReportSection } from './document.ts';
import { readWallClock } from './wallClock.ts';

const DAY_FORMAT = 'dd-mm-yyyy';
const TIME_FORMAT = 'dd-mm-yyyy hh:mm';

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 28) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/** Excel's number format for the decimals a numeric cell was written with. */
const numberFormat = (text: string) => {
  const decimals = text.split('.')[1]?.length ?? 0;
  return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
};

/**
 * A wall-clock time as Excel stores it: Excel has no time zones, so the instant whose UTC reading
 * is the wall clock shows as that wall clock.
 */
function wallClock(text: string): { value: Date; format: string } | null {
  const clock = readWallClock(text);
  if (!clock) return null;
  const { hour = 0, minute = 0 } = clock.time ?? {};
  const value = new Date(Date.UTC(clock.year, clock.month - 1, clock.day, hour, minute));
  return { value, format: clock.time ? TIME_FORMAT : DAY_FORMAT };
}

function addSection(
  workbook: ExcelJS.Workbook,
  section: ReportSection,
  name: string,
  header: string,
) {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    headerFooter: { oddHeader: header, oddFooter: '&R&P / &N' },
  });
  sheet.addRow(section.headings.map(neutralised)).font = { bold: true };
  for (const cells of section.rows) {
    const row = sheet.addRow([]);
    cells.forEach((text, i) => {
      const cell = row.getCell(i + 1);
      if (text === '') return;
      if (section.numeric[i]) {
        cell.value = Number(text);
        cell.numFmt = numberFormat(text);
        return;
      }
      const time = wallClock(text);
      if (time) {
        cell.value = time.value;
        cell.numFmt = time.format;
      } else cell.value = neutralised(text);
    });
  }
  if (section.rows.length === 0) sheet.addRow([section.empty]);
  if (section.notes.length > 0) {
    sheet.addRow([]);
    for (const note of section.notes) sheet.addRow([neutralised(note)]);
  }
  section.headings.forEach((heading, i) => {
    const longest = Math.max(heading.length, ...section.rows.map((row) => row[i]?.length ?? 0));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, longest + 2));
  });
}

export async function documentXlsx(
  document: ReportDocument,
  organisationName: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fleet portal';
  workbook.company = organisationName;
  workbook.title = document.title;
  // Excel's header codes start with &; an organisation named "R&D" must not read as one.
  const header = `&L${organisationName.replaceAll('&', '&&')}&R${document.title.replaceAll('&', '&&')}`;
  const taken = new Set<string>();
  const about = workbook.addWorksheet(sheetName(document.title, taken));
  about.addRow([neutralised(document.title)]).font = { bold: true, size: 14 };
  about.addRow([neutralised(organisationName)]);
  for (const line of document.subtitle) {
    if (line !== organisationName) about.addRow([neutralised(line)]);
  }
  about.getColumn(1).width = 60;
  for (const section of document.sections) {
    addSection(workbook, section, sheetName(section.title || document.title, taken), header);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
