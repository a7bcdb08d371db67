// Issue 40: the PDF's and the mails' figures and days in the reader's language.
import { describe, expect, it } from 'vitest';
import { generatedLine, localCells } from '../../server/documents/localCells.ts';

describe('report cells in the reader’s language', () => {
  it('writes figures with the language’s decimal sign and grouping, keeping their decimals', () => {
    expect(localCells('de')('1234.50', true)).toBe('1.234,50');
    expect(localCells('fr')('1234.5', true)).toBe('1\u202f234,5');
    expect(localCells('en')('1234', true)).toBe('1,234');
    expect(localCells('de')('', true)).toBe('');
  });

  it('writes days and times as the screens do, and leaves other text alone', () => {
    expect(localCells('de')('2026-11-27 16:05', false)).toBe('27-11-2026 16:05');
    expect(localCells('zh')('2026-11-27', false)).toBe('2026-11-27');
    expect(localCells('fr')('NPH-1101', false)).toBe('NPH-1101');
    expect(generatedLine(new Date('2026-11-27T10:00:00Z'), 'nl')).toBe(
      'Generated 27-11-2026 10:00 UTC',
    );
  });
});
