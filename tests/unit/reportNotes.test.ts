// A report's table says why a utilisation above 100 % is so, under the table of the PDF and page.
import { describe, expect, it } from 'vitest';
import { reportView, section } from '../../server/documents/document.ts';
import { renderPdf } from '../../server/documents/pdf.ts';
import { DEFAULT_BRAND_CONFIGURATION } from '../../src/domain/brand.ts';
import { beyondFullNote } from '../../server/modules/reports/types/machineColumns.ts';

describe('report notes', () => {
  it('explains a utilisation above 100 % and says nothing otherwise', async () => {
    expect(beyondFullNote([null, 99.9, 100])).toEqual([]);
    const [note] = beyondFullNote([42, 124]);
    expect(note).toMatch(/^A utilisation above 100 % counts active hours beyond/);
    const table = section(
      'Machines',
      [{ heading: 'Working utilisation (%)', decimals: 1, value: (row: number) => row }],
      [124],
      { notes: beyondFullNote([124]) },
    );
    const document = { title: 'Fleet utilisation', subtitle: [], sections: [table] };
    expect(reportView(document).sections[0]?.notes).toEqual([note]);
    const pdf = await renderPdf({
      ...document,
      brand: DEFAULT_BRAND_CONFIGURATION,
      logo: null,
      generatedAt: '27-11-2026 16:47',
    });
    expect(pdf.length).toBeGreaterThan(1000);
  });
});
