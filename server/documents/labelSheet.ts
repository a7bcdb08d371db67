// A4 sheets of 3 × 7 labels, each a QR code of a portal link with a few lines of text beside it:
// the devices' labels (their claim codes) and the equipment assets' (their short links).
import PDFDocument from 'pdfkit';
import { toBuffer } from 'qrcode';

export interface LabelLine {
  text: string;
  font: 'Helvetica' | 'Helvetica-Bold' | 'Courier-Bold';
  sizePt: number;
  /** Space above the line, in points. */
  gapPt: number;
}

export interface Label {
  /** What the QR code opens. */
  link: string;
  lines: LabelLine[];
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 28;
const COLUMNS = 3;
const ROWS = 7;
const QR_SIZE = 72;

export async function labelSheet(title: string, labels: Label[]): Promise<Buffer> {
  const images = await Promise.all(
    labels.map((label) => toBuffer(label.link, { margin: 0, width: QR_SIZE * 4 })),
  );
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Producer: 'Fleet portal', Creator: 'Fleet portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cellWidth = (PAGE.width - 2 * MARGIN) / COLUMNS;
  const cellHeight = (PAGE.height - 2 * MARGIN) / ROWS;
  labels.forEach((label, i) => {
    const place = i % (COLUMNS * ROWS);
    if (i > 0 && place === 0) doc.addPage();
    const x = MARGIN + (place % COLUMNS) * cellWidth;
    const y = MARGIN + Math.floor(place / COLUMNS) * cellHeight;
    doc
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .rect(x + 2, y + 2, cellWidth - 4, cellHeight - 4)
      .stroke();
    doc.image(images[i] as Buffer, x + 8, y + (cellHeight - QR_SIZE) / 2, { width: QR_SIZE });
    const textX = x + QR_SIZE + 16;
    const textWidth = cellWidth - QR_SIZE - 24;
    doc.fillColor('#000000');
    label.lines.forEach((line, n) => {
      doc
        .font(line.font)
        .fontSize(line.sizePt)
        .text(line.text, textX, n === 0 ? y + 22 : doc.y + line.gapPt, { width: textWidth });
    });
  });
  doc.end();
  return done;
}
