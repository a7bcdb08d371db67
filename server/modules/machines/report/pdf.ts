// A report table as a PDF: A4 landscape, a header band in the organisation's primary colour with
// its logo, the table's heading row in its secondary colour (repeated on every page), page numbers.
import PDFDocument from 'pdfkit';
import type { BrandConfiguration } from '../../../../src/domain/brand.ts';
import { cellText, type ReportTable } from './table.ts';

export interface PdfReport<Row> {
  title: string;
  /** Lines under the title: the organisation, the range, the selection. */
  subtitle: string[];
  brand: BrandConfiguration;
  /** The organisation's logo (a PNG), drawn in the band; null for none. */
  logo: Buffer | null;
  table: ReportTable<Row>;
  generatedAt: string;
}

const MARGIN = 28;
const BAND_HEIGHT = 58;
const ROW_HEIGHT = 14;
const HEADER_ROW_HEIGHT = 26;
const FONT_SIZE = 7;

/**
 * The standard PDF fonts cover Latin-1 only: anything else is replaced rather than drawn as
 * garbage. The CSV carries every name exactly.
 */
const latin1 = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

export function renderPdf<Row>(report: PdfReport<Row>): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: report.title, Producer: 'Fleet portal', Creator: 'Fleet portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { primaryColour, secondaryColour } = report.brand;
  const pageWidth = doc.page.width;
  const tableWidth = pageWidth - 2 * MARGIN;
  const { columns, rows } = report.table;
  // Text columns get more room than numbers.
  const weights = columns.map((c) => (c.decimals === undefined ? 1.6 : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / totalWeight) * tableWidth);
  const { logo } = report;

  const drawBand = () => {
    doc.rect(0, 0, pageWidth, BAND_HEIGHT).fill(primaryColour.backgroundColour);
    let textX = MARGIN;
    if (logo) {
      try {
        doc.image(logo, MARGIN, 8, { fit: [250, 42] });
        textX = MARGIN + 262;
      } catch {
        // A logo pdfkit cannot read leaves the band with the title only.
      }
    }
    doc
      .fillColor(primaryColour.textColour)
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(latin1(report.title), textX, 12, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(latin1(report.subtitle.join('  ·  ')), textX, 34, {
        width: pageWidth - textX - MARGIN,
        lineBreak: false,
        ellipsis: true,
      });
  };

  const drawHeaderRow = (y: number) => {
    doc.rect(MARGIN, y, tableWidth, HEADER_ROW_HEIGHT).fill(secondaryColour.backgroundColour);
    doc.fillColor(secondaryColour.textColour).font('Helvetica-Bold').fontSize(FONT_SIZE);
    let x = MARGIN;
    columns.forEach((column, i) => {
      const width = widths[i] as number;
      doc.text(latin1(column.heading), x + 3, y + 4, {
        width: width - 6,
        height: HEADER_ROW_HEIGHT - 6,
        align: column.decimals === undefined ? 'left' : 'right',
        ellipsis: true,
      });
      x += width;
    });
    return y + HEADER_ROW_HEIGHT;
  };

  const bottom = doc.page.height - MARGIN - 12;
  drawBand();
  let y = drawHeaderRow(BAND_HEIGHT + 12);
  doc.font('Helvetica').fontSize(FONT_SIZE);
  rows.forEach((row, index) => {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      drawBand();
      y = drawHeaderRow(BAND_HEIGHT + 12);
      doc.font('Helvetica').fontSize(FONT_SIZE);
    }
    if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#f1f3f6');
    doc.fillColor('#1b1f24');
    let x = MARGIN;
    columns.forEach((column, i) => {
      const width = widths[i] as number;
      doc.text(latin1(cellText(column, row)), x + 3, y + 4, {
        width: width - 6,
        align: column.decimals === undefined ? 'left' : 'right',
        lineBreak: false,
        ellipsis: true,
      });
      x += width;
    });
    y += ROW_HEIGHT;
  });
  if (rows.length === 0) {
    doc.fillColor('#1b1f24').text('No machines match this selection.', MARGIN, y + 8);
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Below the bottom margin pdfkit would start a new page for the footer; lift the margin.
    doc.page.margins.bottom = 0;
    doc
      .fillColor('#5f6b7a')
      .font('Helvetica')
      .fontSize(7)
      .text(
        `${latin1(report.generatedAt)}  ·  page ${i + 1} of ${pages.count}`,
        MARGIN,
        doc.page.height - MARGIN,
        { width: tableWidth, align: 'right', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
