// The one formatting layer (issue 40): what a German, French and English user reads for the same
// instant, day and figures.
import { describe, expect, it } from 'vitest';
import { formatter } from '../../src/common/useFormat.ts';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
// Intl separates French groups and the percent sign with narrow no-break spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the formatting layer', () => {
  const instant = '2026-11-27T16:47:26Z';

  it('writes dates as dd-MM-yyyy on the user’s clock, whatever the browser’s', () => {
    const de = formatter('de', 'Europe/Berlin', yesNo);
    expect(de.dateTime(instant)).toBe('27-11-2026 17:47');
    expect(de.date(instant)).toBe('27-11-2026');
    // A day is the day, not the instant of its UTC midnight seen from the zone.
    expect(formatter('en', 'America/Los_Angeles', yesNo).date('2026-11-27')).toBe('27-11-2026');
    expect(formatter('en', 'America/Los_Angeles', yesNo).date('2026-11-27T02:00:00Z')).toBe(
      '26-11-2026',
    );
    expect(formatter('zh', 'Asia/Shanghai', yesNo).date(instant)).toBe('2026-11-28');
  });

  it('writes numbers, measures and percentages with the language’s signs', () => {
    const de = formatter('de', 'Europe/Berlin', yesNo);
    expect(de.number(1321.2, 1)).toBe('1.321,2');
    expect(de.measure(8.17, 'h', 2)).toBe('8,17 h');
    expect(plain(de.percent(63.4))).toBe('63,4 %');
    expect(de.position(51.5344, -0.276)).toBe('51,53440; -0,27600');
    expect(de.figure(null)).toBe('–');
    expect(de.bytes(2_345_678)).toBe('2,3 MB');
    const fr = formatter('fr', 'Europe/Paris', yesNo);
    expect(plain(fr.number(1321.2, 1))).toBe('1 321,2');
    expect(plain(fr.percent(105.5))).toBe('105,5 %');
    const en = formatter('en', 'Europe/London', yesNo);
    expect(en.number(1321.2, 1)).toBe('1,321.2');
    expect(en.number(13)).toBe('13');
    expect(en.position(51.5344, -0.276)).toBe('51.53440, -0.27600');
    expect(en.yesNo(false)).toBe('no');
  });
});
