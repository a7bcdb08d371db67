// A report as a PDF: A4 landscape, a header band in the organisation's primary colour with its
// logo, then each section: its title, its bar chart if it has one, and its table, whose heading row
// (in the secondary colour) repeats on every page. Page numbers at the foot.
import PDFDocument from 'pdfkit';
import type { BrandConfiguration } from '../../src/domain/brand.ts';
import type { ReportChart, ReportDocument, ReportSection } from './document.ts';
import { localCells } from './localCells.ts';

export interface PdfReport extends ReportDocument {
  brand: BrandConfiguration;
  /** The organisation's logo (a PNG), drawn in the band; null for none. */
  logo: Buffer | null;
  generatedAt: string;
  /** The reader's language, for its figures and days; English when not said. */
  language?: string;
}

const MARGIN = 28;
const BAND_HEIGHT = 58;
const ROW_HEIGHT = 14;
const HEADER_ROW_HEIGHT = 26;
const FONT_SIZE = 7;
const CHART_HEIGHT = 150;
/** Bars of a chart beyond these are left out: a chart shows the biggest, the table has all. */
const MAX_CHART_BARS = 24;
/** Rows drawn between two turns of the event loop, so a long report does not hold up the server. */
const ROWS_PER_TURN = 250;
/** The series colours after the brand's two: grey, green, red. */
const SERIES_COLOURS = ['#8a96a3', '#2e7d32', '#c62828'];

/**
 * The standard PDF fonts cover Latin-1 only: dashes and quotes become their plain forms, anything
 * else is replaced rather than drawn as garbage. The CSV carries every name exactly.
 */
export const latin1 = (text: string) =>
  text
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Space between a cell's edge and its text. */
const PADDING = 3;
/** A longer cell is cut with an ellipsis after this many lines; the CSV and XLSX have it whole. */
const MAX_CELL_LINES = 4;
/** Room between two lines of one cell. */
const LINE_GAP = 1.5;
/** Cells measured to size a column: enough to see its widest figures without timing every row. */
const MEASURED_ROWS = 500;
/** A word wider than this (a long code, a URL) may break rather than take the table's width. */
const MAX_WORD_WIDTH = 120;

/**
 * The lines a cell of this width shows: broken between words (a word too long for the cell, by
 * characters), at most `maxLines`, the last cut with an ellipsis. Measured and drawn the same way,
 * so a row is exactly as tall as its text.
 */
function cellLines(
  doc: PDFKit.PDFDocument,
  text: string,
  cellWidth: number,
  maxLines = Infinity,
): string[] {
  const room = cellWidth - 2 * PADDING;
  const shown = latin1(text);
  if (doc.widthOfString(shown) <= room) return [shown];
  const fits = (line: string) => doc.widthOfString(line) <= room;
  const lines: string[] = [];
  let line = '';
  for (const word of shown.split(/\s+/).filter(Boolean)) {
    const longer = line ? `${line} ${word}` : word;
    if (fits(longer)) {
      line = longer;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1] ?? ''}...`;
  while (last.length > 3 && !fits(last)) last = `${last.slice(0, -4)}...`;
  kept[maxLines - 1] = last;
  return kept;
}

/**
 * Each column at least as wide as its longest word (a heading or a name breaks between words,
 * never inside one) and a numeric column as its widest figure (figures never wrap); what is left
 * goes to the names, each as far as its longest text needs.
 */
function columnWidths(doc: PDFKit.PDFDocument, s: ReportSection, tableWidth: number): number[] {
  const widest = (texts: string[]) =>
    Math.max(0, ...texts.map((text) => doc.widthOfString(latin1(text)))) + 2 * PADDING + 1;
  // pdfkit measures a word with the space after it, and breaks inside a word that does not fit.
  const words = (text: string) => text.split(/\s+/).map((word) => `${word} `);
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  const headingWords = s.headings.map((heading) => widest(words(heading)));
  doc.font('Helvetica').fontSize(FONT_SIZE);
  const cells = (i: number) => s.rows.slice(0, MEASURED_ROWS).map((row) => row[i] ?? '');
  const least = s.headings.map((_, i) =>
    Math.max(
      headingWords[i] ?? 0,
      s.numeric[i] ? widest(cells(i)) : Math.min(MAX_WORD_WIDTH, widest(cells(i).flatMap(words))),
    ),
  );
  const wanted = least.map((w, i) => (s.numeric[i] ? w : Math.max(w, widest(cells(i)))));
  const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);
  // Too many columns for the page: every column shrinks alike, and some words must break.
  if (sum(least) >= tableWidth) return least.map((w) => (w / sum(least)) * tableWidth);
  if (sum(wanted) <= tableWidth) {
    return wanted.map((w) => w + (tableWidth - sum(wanted)) / wanted.length);
  }
  const room = tableWidth - sum(least);
  const more = wanted.map((w, i) => w - (least[i] ?? 0));
  return least.map((w, i) => w + ((more[i] ?? 0) / sum(more)) * room);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// eslint-disable-next-line max-lines-per-function -- One document drawn top to bottom on pdfkit's cursor: pieces would hand the cursor and page state to each other.
export async function renderPdf(report: PdfReport): Promise<Buffer> {
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
  const local = localCells(report.language ?? 'en');
  const pageWidth = doc.page.width;
  const tableWidth = pageWidth - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 12;
  const { logo } = report;
  const seriesColour = (i: number) =>
    [secondaryColour.backgroundColour, '#f28c28', ...SERIES_COLOURS][i] ?? '#5f6b7a';

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
  const newPage = () => {
    doc.addPage();
    drawBand();
    return BAND_HEIGHT + 12;
  };

  const drawTitle = (title: string, y: number) => {
    doc
      .fillColor('#1b1f24')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(latin1(title), MARGIN, y, { lineBreak: false });
    return y + 18;
  };

  /** Horizontal bars, one a label, the series stacked; a legend under the title. */
  const drawChart = (chart: ReportChart, top: number) => {
    const bars = chart.bars.slice(0, MAX_CHART_BARS);
    const labelWidth = 140;
    const plotWidth = tableWidth - labelWidth - 60;
    const barHeight = Math.min(14, (CHART_HEIGHT - 24) / Math.max(1, bars.length));
    const largest = Math.max(1e-9, ...bars.map((b) => b.values.reduce((s, v) => s + v, 0)));
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#1b1f24');
    doc.text(latin1(`${chart.title} (${chart.unit})`), MARGIN, top, { lineBreak: false });
    let legendX = MARGIN + 260;
    chart.series.forEach((name, i) => {
      doc.rect(legendX, top + 1, 8, 6).fill(seriesColour(i));
      doc.fillColor('#1b1f24').text(latin1(name), legendX + 11, top, { lineBreak: false });
      legendX += 24 + doc.widthOfString(latin1(name));
    });
    let y = top + 14;
    for (const bar of bars) {
      doc.fillColor('#1b1f24').text(latin1(bar.label), MARGIN, y + 1, {
        width: labelWidth - 6,
        lineBreak: false,
        ellipsis: true,
      });
      let x = MARGIN + labelWidth;
      bar.values.forEach((value, i) => {
        const width = (Math.max(0, value) / largest) * plotWidth;
        if (width > 0) doc.rect(x, y, width, barHeight - 3).fill(seriesColour(i));
        x += width;
      });
      const total = bar.values.reduce((s, v) => s + v, 0);
      doc
        .fillColor('#5f6b7a')
        .text(local(total.toFixed(1), true), x + 4, y + 1, { lineBreak: false });
      y += barHeight;
    }
    return y + 10;
  };

  const drawSection = async (section: ReportSection, top: number) => {
    const s = {
      ...section,
      rows: section.rows.map((row) =>
        row.map((cell, i) => local(cell, section.numeric[i] === true)),
      ),
    };
    const widths = columnWidths(doc, s, tableWidth);
    const lineHeight = () => doc.currentLineHeight() + LINE_GAP;
    const rowHeight = (lines: string[][]) =>
      Math.max(ROW_HEIGHT, ...lines.map((l) => l.length * lineHeight() + 2 * PADDING));
    /** A row's background, then its cells' lines from the row's top. */
    const drawRow = (lines: string[][], y: number, height: number, fill: string, ink: string) => {
      if (fill !== 'none') doc.rect(MARGIN, y, tableWidth, height).fill(fill);
      doc.fillColor(ink);
      let x = MARGIN;
      lines.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        cell.forEach((line, k) => {
          doc.text(line, x + PADDING, y + PADDING + k * lineHeight(), {
            width: width - 2 * PADDING,
            align: s.numeric[i] ? 'right' : 'left',
            lineBreak: false,
          });
        });
        x += width;
      });
    };

    const drawHeaderRow = (y: number) => {
      doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
      const lines = s.headings.map((heading, i) => cellLines(doc, heading, widths[i] ?? 0));
      const height = Math.max(HEADER_ROW_HEIGHT, rowHeight(lines));
      drawRow(lines, y, height, secondaryColour.backgroundColour, secondaryColour.textColour);
      doc.font('Helvetica').fontSize(FONT_SIZE);
      return y + height;
    };

    let y = top;
    const chartHeight = s.chart ? CHART_HEIGHT : 0;
    if (y + 18 + chartHeight + HEADER_ROW_HEIGHT + ROW_HEIGHT * 3 > bottom) y = newPage();
    y = drawTitle(s.title, y);
    if (s.chart && s.chart.bars.length > 0) y = drawChart(s.chart, y);
    y = drawHeaderRow(y);
    for (let index = 0; index < s.rows.length; index++) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
      const cells = s.rows[index] ?? [];
      // As tall as its tallest cell: a long name wraps inside its cell, up to MAX_CELL_LINES lines.
      const lines = cells.map((cell, i) => cellLines(doc, cell, widths[i] ?? 0, MAX_CELL_LINES));
      const height = rowHeight(lines);
      if (y + height > bottom) y = drawHeaderRow(newPage());
      drawRow(lines, y, height, index % 2 === 1 ? '#f1f3f6' : 'none', '#1b1f24');
      y += height;
    }
    if (s.rows.length === 0) {
      doc.fillColor('#1b1f24').text(latin1(s.empty), MARGIN, y + 8);
      y += 22;
    }
    for (const note of s.notes) {
      if (y + 24 > bottom) y = newPage();
      doc.fillColor('#5f6b7a').text(latin1(note), MARGIN, y + 6, { width: tableWidth });
      y = doc.y;
    }
    return y + 16;
  };

  drawBand();
  let y = BAND_HEIGHT + 12;
  for (const s of report.sections) y = await drawSection(s, y);

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
