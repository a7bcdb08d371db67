// Over-use periods on their own (issue 41): a hire's time cut at day, week (Monday) and month bounds
// in the rental company's zone, a part week or month getting its share of the allowance.
import { describe, expect, it } from 'vitest';
import { allowancePeriods } from '../../server/modules/hires/usage.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('over-use periods', () => {
  // Wednesday 18 November 2026 10:00 in London (UTC in winter) to Tuesday 1 December 12:00.
  const window = { fromMs: at('2026-11-18T10:00:00Z'), toMs: at('2026-12-01T12:00:00Z') };

  it('cuts weeks at Mondays, a part week sharing its days', () => {
    const weeks = allowancePeriods(window, 'week', 'Europe/London');
    expect(weeks.map((w) => [iso(w.fromMs), iso(w.toMs), w.share])).toEqual([
      ['2026-11-18T10:00:00.000Z', '2026-11-23T00:00:00.000Z', 5 / 7],
      ['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z', 1],
      ['2026-11-30T00:00:00.000Z', '2026-12-01T12:00:00.000Z', 2 / 7],
    ]);
  });

  it('cuts months at the first, and days at midnight in the zone', () => {
    const months = allowancePeriods(window, 'month', 'Europe/London');
    expect(months.map((m) => m.share)).toEqual([13 / 30, 1 / 31]);
    const days = allowancePeriods(window, 'day', 'Europe/Berlin');
    expect(days).toHaveLength(14);
    expect(iso(days[0]?.toMs ?? 0)).toBe('2026-11-18T23:00:00.000Z');
    expect(days.every((d) => d.share === 1)).toBe(true);
  });

  it('keeps a hire without over-use terms whole', () => {
    expect(allowancePeriods(window, null, 'Europe/London')).toEqual([{ ...window, share: 1 }]);
    expect(allowancePeriods({ fromMs: 5, toMs: 5 }, 'day', 'UTC')).toEqual([]);
  });
});
