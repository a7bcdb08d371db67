// A report as a PDF: A4 landscape, a header band in the organisation's primary colour with its
// logo, then each section: its title, its bar chart if it has one, and its table, whose heading row
// (in the secondary colour) repeats on every page. Page numbers at the foot.
import PDFDocument from 'pdfkit';
import type { BrandConfiguration } from '../../src/domain/brand.ts';
import type { ReportChart, ReportDocument, ReportSection } from './document.ts';

export interface PdfReport extends ReportDocument {
  brand: BrandConfiguration;
  /** The organisation's logo (a PNG), drawn in the band; null for none. */
  logo: Buffer | null;
  generatedAt: string;
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
 * The standard PDF fonts cover Latin-1 only: anything else is replaced rather than drawn as
 * garbage. The CSV carries every name exactly.
 */
const latin1 = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

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
      doc.fillColor('#5f6b7a').text(total.toFixed(1), x + 4, y + 1, { lineBreak: false });
      y += barHeight;
    }
    return y + 10;
  };

  const drawSection = async (s: ReportSection, top: number) => {
    const weights = s.numeric.map((numeric) => (numeric ? 1 : 1.6));
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / totalWeight) * tableWidth);
    const drawHeaderRow = (y: number) => {
      doc.rect(MARGIN, y, tableWidth, HEADER_ROW_HEIGHT).fill(secondaryColour.backgroundColour);
      doc.fillColor(secondaryColour.textColour).font('Helvetica-Bold').fontSize(FONT_SIZE);
      let x = MARGIN;
      s.headings.forEach((heading, i) => {
        const width = widths[i] as number;
        doc.text(latin1(heading), x + 3, y + 4, {
          width: width - 6,
          height: HEADER_ROW_HEIGHT - 6,
          align: s.numeric[i] ? 'right' : 'left',
          ellipsis: true,
        });
        x += width;
      });
      doc.font('Helvetica').fontSize(FONT_SIZE);
      return y + HEADER_ROW_HEIGHT;
    };

    let y = top;
    const chartHeight = s.chart ? CHART_HEIGHT : 0;
    if (y + 18 + chartHeight + HEADER_ROW_HEIGHT + ROW_HEIGHT * 3 > bottom) y = newPage();
    y = drawTitle(s.title, y);
    if (s.chart && s.chart.bars.length > 0) y = drawChart(s.chart, y);
    y = drawHeaderRow(y);
    for (let index = 0; index < s.rows.length; index++) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
      if (y + ROW_HEIGHT > bottom) y = drawHeaderRow(newPage());
      if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#f1f3f6');
      doc.fillColor('#1b1f24');
      let x = MARGIN;
      (s.rows[index] as string[]).forEach((cell, i) => {
        const width = widths[i] as number;
        doc.text(latin1(cell), x + 3, y + 4, {
          width: width - 6,
          align: s.numeric[i] ? 'right' : 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += width;
      });
      y += ROW_HEIGHT;
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
