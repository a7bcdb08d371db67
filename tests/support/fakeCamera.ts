// A video for Chromium's fake camera (--use-file-for-fake-video-capture): a printed label, as the
// portal prints it, held up to the camera. The label sheet's PDF is drawn by poppler's pdftoppm,
// its first label cut out and set on a grey background, written as Y4M (planar YUV 4:2:0), the
// format Chromium reads without a decoder; a few frames, played in a loop.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;
/** The first label of an A4 sheet (server/documents/labelSheet.ts), in points. */
const LABEL = { x: 28, y: 28, width: 180, height: 112 };
const DPI = 240;

/** The sheet's first label as a picture. */
function firstLabel(sheetPdf: Buffer): PNG {
  const folder = mkdtempSync(path.join(tmpdir(), 'fleet-label-'));
  const pdf = path.join(folder, 'labels.pdf');
  writeFileSync(pdf, sheetPdf);
  const px = (points: number) => String(Math.round((points * DPI) / 72));
  execFileSync('pdftoppm', [
    '-r',
    String(DPI),
    '-x',
    px(LABEL.x),
    '-y',
    px(LABEL.y),
    '-W',
    px(LABEL.width),
    '-H',
    px(LABEL.height),
    '-png',
    '-singlefile',
    pdf,
    path.join(folder, 'label'),
  ]);
  return PNG.sync.read(readFileSync(path.join(folder, 'label.png')));
}

export function writeLabelVideo(file: string, sheetPdf: Buffer): void {
  const label = firstLabel(sheetPdf);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 110);
  const left = Math.floor((WIDTH - label.width) / 2);
  const top = Math.floor((HEIGHT - label.height) / 2);
  for (let y = 0; y < Math.min(label.height, HEIGHT); y += 1) {
    for (let x = 0; x < Math.min(label.width, WIDTH); x += 1) {
      const i = (y * label.width + x) * 4;
      const grey =
        0.299 * (label.data[i] ?? 0) +
        0.587 * (label.data[i + 1] ?? 0) +
        0.114 * (label.data[i + 2] ?? 0);
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (grey * 219) / 255);
    }
  }
  // No colour: both chroma planes at their middle value.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
