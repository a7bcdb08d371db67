// A hire's sheet as a PDF (issue 44): the hire, its on-hire and off-hire checks with their answers,
// photos and signatures, and the differences to bill. A4 portrait, in the reader's language and
// time zone, headed in the rental company's primary colour.
import PDFDocument from 'pdfkit';
import type { CheckAnswer, CheckDifferences, HireCheck } from '../../../src/domain/api/checks.ts';
import type { Hire } from '../../../src/domain/api/hires.ts';
import { formatDateTime } from '../../../src/domain/format.ts';
import { latin1 } from '../../documents/pdf.ts';
import type { SheetWords } from './sheetWords.ts';

export interface HireSheet {
  hire: Hire;
  checks: HireCheck[];
  differences: CheckDifferences;
  /** Each photo's bytes; null where the file is gone. */
  photos: Map<string, Buffer | null>;
  words: SheetWords;
  language: string;
  timeZone: string;
  colour: string;
}

const MARGIN = 40;
const PHOTO_WIDTH = 118;
const PHOTO_HEIGHT = 88;
const PHOTO_GAP = 8;
const SIGNATURE_SIZE: [number, number] = [180, 60];

/** What the standard fonts draw (Latin-1), line by line: a note keeps its line breaks. */
const latin1Lines = (text: string) => text.split('\n').map(latin1).join('\n');

function answerText(sheet: HireSheet, kind: string, answer: CheckAnswer | null | undefined) {
  const { words, language } = sheet;
  if (answer === undefined || answer === null || answer === '') return words.none;
  if (typeof answer === 'boolean') return answer ? words.yes : words.no;
  if (typeof answer === 'string') return answer;
  const figure = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(answer);
  if (kind === 'fuelLevel') return `${figure} %`;
  return kind === 'hourMeter' ? `${figure} h` : figure;
}

/** Room for `height` more points on this page, else a new page. */
function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

function pair(doc: PDFKit.PDFDocument, label: string, value: string) {
  ensureRoom(doc, 16);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text(latin1Lines(label), MARGIN, y, { width: 170 });
  const labelBottom = doc.y;
  doc
    .font('Helvetica')
    .text(latin1Lines(value), MARGIN + 180, y, { width: doc.page.width - 2 * MARGIN - 180 });
  doc.y = Math.max(doc.y, labelBottom) + 3;
}

function photoGrid(doc: PDFKit.PDFDocument, sheet: HireSheet, ids: string[]) {
  const perRow = Math.floor((doc.page.width - 2 * MARGIN + PHOTO_GAP) / (PHOTO_WIDTH + PHOTO_GAP));
  for (let start = 0; start < ids.length; start += perRow) {
    ensureRoom(doc, PHOTO_HEIGHT + PHOTO_GAP);
    const y = doc.y;
    ids.slice(start, start + perRow).forEach((id, column) => {
      const x = MARGIN + column * (PHOTO_WIDTH + PHOTO_GAP);
      const bytes = sheet.photos.get(id);
      try {
        if (!bytes) throw new Error('missing');
        doc.image(bytes, x, y, { fit: [PHOTO_WIDTH, PHOTO_HEIGHT] });
      } catch {
        // A photo pdfkit cannot draw (not a JPEG or PNG, or gone) is named, not dropped silently.
        doc.rect(x, y, PHOTO_WIDTH, PHOTO_HEIGHT).stroke('#8a96a3');
        doc.fontSize(8).text(sheet.words.photoWithheld, x + 6, y + PHOTO_HEIGHT / 2 - 4, {
          width: PHOTO_WIDTH - 12,
          align: 'center',
        });
      }
    });
    doc.y = y + PHOTO_HEIGHT + PHOTO_GAP;
  }
}

function checkSection(doc: PDFKit.PDFDocument, sheet: HireSheet, kind: HireCheck['kind']) {
  const { words } = sheet;
  ensureRoom(doc, 60);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(words.check[kind], MARGIN);
  doc.moveDown(0.3);
  const check = sheet.checks.find((one) => one.kind === kind);
  if (!check) {
    doc.font('Helvetica').fontSize(9).text(words.notDone, MARGIN);
    return;
  }
  const when = formatDateTime(check.doneAt, sheet.language, sheet.timeZone);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      latin1Lines(`${check.templateName} - ${words.doneBy(when, check.doneBy ?? '-')}`),
      MARGIN,
    );
  doc.moveDown(0.4);
  for (const item of check.items) {
    pair(doc, item.label, answerText(sheet, item.kind, check.answers[item.key]));
  }
  if (check.photoIds.length > 0) {
    doc.moveDown(0.3).font('Helvetica-Bold').text(words.photos(check.photoIds.length), MARGIN);
    doc.moveDown(0.3);
    photoGrid(doc, sheet, check.photoIds);
  }
  ensureRoom(doc, SIGNATURE_SIZE[1] + 30);
  doc.font('Helvetica').text(latin1Lines(words.signedBy(check.signedBy)), MARGIN);
  const y = doc.y + 2;
  const png = Buffer.from(check.signature.slice(check.signature.indexOf(',') + 1), 'base64');
  try {
    doc.image(png, MARGIN, y, { fit: SIGNATURE_SIZE });
  } catch {
    doc.rect(MARGIN, y, ...SIGNATURE_SIZE).stroke('#8a96a3');
  }
  doc.y = y + SIGNATURE_SIZE[1] + 4;
}

function differencesSection(doc: PDFKit.PDFDocument, sheet: HireSheet) {
  const { words, differences } = sheet;
  if (!differences.onHireCheckId || !differences.offHireCheckId) return;
  ensureRoom(doc, 90);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(words.differences, MARGIN);
  doc.moveDown(0.3);
  const figure = (value: number | null, kind: string) =>
    value === null ? words.nothing : answerText(sheet, kind, value);
  pair(doc, words.fuelUsed, figure(differences.fuelUsedPct, 'fuelLevel'));
  pair(doc, words.meterHours, figure(differences.meterHours, 'hourMeter'));
  pair(doc, words.newDamage, differences.newDamage.join('; ') || words.nothing);
  pair(doc, words.missing, differences.missing.join('; ') || words.nothing);
}

export function renderHireSheet(sheet: HireSheet): Promise<Buffer> {
  const { hire, words } = sheet;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: hire.contractNumber } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.rect(0, 0, doc.page.width, 56).fill(sheet.colour);
  doc
    .fill('#FFFFFF')
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(latin1Lines(words.title(hire.contractNumber)), MARGIN, 18);
  doc.fill('#000000');
  doc.y = 76;
  const at = (iso: string) => formatDateTime(iso, sheet.language, sheet.timeZone);
  pair(
    doc,
    words.machine,
    hire.assetId ? `${hire.machineName} (${hire.assetId})` : hire.machineName,
  );
  pair(doc, words.customer, hire.customer);
  pair(doc, words.site, hire.site ?? '-');
  pair(doc, words.onHireAt, at(hire.onHireAt));
  pair(doc, words.offHireAt, hire.offHireAt ? at(hire.offHireAt) : words.openEnded);
  pair(doc, words.rentalCompany, hire.rentalOrganisation);
  checkSection(doc, sheet, 'onHire');
  checkSection(doc, sheet, 'offHire');
  differencesSection(doc, sheet);
  doc.end();
  return done;
}
