// Issue 40, point 5: the branded PDF's tables wrap long names inside their cells, each row as tall
// as its tallest cell, and headings break between words. The PDF is drawn to a PNG by poppler's
// pdftoppm and read back: no text may cross the line between two rows, and pdftotext must find
// every heading word whole.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_CONFIGURATION } from '../../src/domain/brand.ts';
import { section } from '../../server/documents/document.ts';
import { renderPdf } from '../../server/documents/pdf.ts';

const popplerAvailable = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

interface Row {
  name: string;
  site: string;
  customer: string;
  hours: number;
}

const HEADINGS = [
  'Machine',
  'Site',
  'Customer',
  'Working utilisation (%)',
  'Emissions utilisation (%)',
  'Out-of-hours hours',
  'Fuel burn rate (l/h)',
  'Refill events',
  'Theft events',
  'Missing data (%)',
  'Rental utilisation (%)',
  'Idle (%)',
  'Active hours',
  'Idle hours',
  'Off hours',
  'Total hours',
  'Fuel utilisation (%)',
  'Hour meter',
];

const rows: Row[] = Array.from({ length: 24 }, (_, i) => ({
  name:
    i % 3 === 0
      ? `Caterpillar 320 GC long-reach demolition excavator with tiltrotator and quick hitch ${i}`
      : `Digger ${i}`,
  site: i % 2 === 0 ? 'Kingsmere Phase 2, Bicester, Oxfordshire — north compound gate B' : 'Depot',
  customer: 'Ashdown Utilities and Civil Engineering Contractors Limited',
  hours: 1234.5 + i,
}));

const document = {
  title: 'Fleet utilisation',
  subtitle: ['Northbank Plant Hire'],
  sections: [
    section<Row>(
      'Machines',
      HEADINGS.map((heading, i) =>
        i === 0
          ? { heading, value: (r: Row) => r.name }
          : i === 1
            ? { heading, value: (r: Row) => r.site }
            : i === 2
              ? { heading, value: (r: Row) => r.customer }
              : { heading, decimals: 1, value: (r: Row) => r.hours },
      ),
      rows,
    ),
  ],
};

const folder = mkdtempSync(join(tmpdir(), 'pdf-tables-'));
afterAll(() =>
  process.env.KEEP_PDF ? undefined : rmSync(folder, { recursive: true, force: true }),
);

const DPI = 100;
const px = (points: number) => Math.round((points * DPI) / 72);
/** The table's left edge is at the page margin (28 pt); its text starts 3 pt inside. */
const TABLE_LEFT_PT = 28;

async function drawn() {
  const pdf = await renderPdf({
    ...document,
    brand: DEFAULT_BRAND_CONFIGURATION,
    logo: null,
    generatedAt: 'Generated 2026-11-27 10:00 UTC',
  });
  const file = join(folder, 'report.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-r',
    String(DPI),
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    file,
    join(folder, 'page'),
  ]);
  const png = PNG.sync.read(readFileSync(join(folder, 'page-1.png')));
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  return { png, text };
}

const pixel = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0] as const;
};
const isDark = ([r, g, b]: readonly number[]) => (r ?? 0) + (g ?? 0) + (b ?? 0) < 3 * 140;
const isStripe = ([r, g, b]: readonly number[]) =>
  Math.abs((r ?? 0) - 0xf1) < 6 && Math.abs((g ?? 0) - 0xf3) < 6 && Math.abs((b ?? 0) - 0xf6) < 6;
const isWhite = ([r, g, b]: readonly number[]) =>
  (r ?? 0) > 250 && (g ?? 0) > 250 && (b ?? 0) > 250;

describe.skipIf(!popplerAvailable && process.env.CI !== 'true')('the PDF’s tables', () => {
  it('keep every row’s text inside its row, however long the names', async () => {
    const { png } = await drawn();
    // Down the table's left edge the rows alternate white and grey: each change is a row line.
    const x = px(TABLE_LEFT_PT + 1);
    const lines: number[] = [];
    let previous: 'white' | 'stripe' | 'other' = 'other';
    for (let y = 0; y < png.height; y++) {
      const colour = pixel(png, x, y);
      const kind = isStripe(colour) ? 'stripe' : isWhite(colour) ? 'white' : 'other';
      if (kind !== previous && previous !== 'other' && kind !== 'other') lines.push(y);
      previous = kind;
    }
    expect(lines.length).toBeGreaterThan(10);
    const crossings = lines.filter((y) => {
      for (let across = px(TABLE_LEFT_PT); across < png.width - px(TABLE_LEFT_PT); across++) {
        if (isDark(pixel(png, across, y)) && isDark(pixel(png, across, y - 1))) return true;
      }
      return false;
    });
    expect(crossings).toEqual([]);
  });

  it('write figures and days the reader’s way', async () => {
    const pdf = await renderPdf({
      title: 'Hire usage',
      subtitle: [],
      sections: [
        section<{ day: string; hours: number }>(
          'Days',
          [
            { heading: 'Day', value: (r) => r.day },
            { heading: 'Hours', decimals: 1, value: (r) => r.hours },
          ],
          [{ day: '2026-11-27', hours: 1234.5 }],
        ),
      ],
      brand: DEFAULT_BRAND_CONFIGURATION,
      logo: null,
      generatedAt: 'Generated',
      language: 'de',
    });
    const file = join(folder, 'german.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    expect(text).toContain('27-11-2026');
    expect(text).toContain('1.234,5');
    expect(text).not.toContain('1234.5');
  });

  it('break headings between words, never inside one, and show long names whole', async () => {
    const { text } = await drawn();
    // A heading may break after a hyphen ("Out-of-" over "hours"), as a reader would.
    const words = new Set(text.split(/[\s-]+/));
    for (const word of HEADINGS.flatMap((heading) => heading.split(/[\s-]+/))) {
      expect(words, word).toContain(word);
    }
    for (const word of ['tiltrotator', 'Oxfordshire', 'Contractors']) {
      expect(words, word).toContain(word);
    }
  });
});
