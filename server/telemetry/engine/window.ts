// A day's engine input cut to a window inside it, so a hire that starts or ends during a day gets
// that day's figures from the moment it starts to the moment it ends, computed by the same rules
// as whole days (dailyRollups) rather than pro-rated from them.
import type { DailyInput } from './daily.ts';
import type { Period } from './breakdowns.ts';

const overlap = (fromMs: number, toMs: number, window: Period) =>
  Math.max(0, Math.min(toMs, window.toMs) - Math.max(fromMs, window.fromMs));

/**
 * What of `input` lies in `window`: segments and breakdowns clipped; OEM spans and fuel uses by
 * the share of their time inside; refills, thefts and trips (which count where they start) kept
 * when they happen inside.
 */
export function clipDailyInput(input: DailyInput, window: Period): DailyInput {
  const inside = (atMs: number) => atMs >= window.fromMs && atMs < window.toMs;
  const share = (fromMs: number, toMs: number) =>
    toMs > fromMs ? overlap(fromMs, toMs, window) / (toMs - fromMs) : inside(fromMs) ? 1 : 0;
  return {
    ...input,
    segments: input.segments.flatMap((segment) => {
      const fromMs = Math.max(segment.fromMs, window.fromMs);
      const toMs = Math.min(segment.toMs, window.toMs);
      return toMs > fromMs ? [{ ...segment, fromMs, toMs }] : [];
    }),
    oemSpans: (input.oemSpans ?? []).flatMap((span) => {
      const part = share(span.fromMs, span.toMs);
      if (part === 0) return [];
      return [
        {
          fromMs: Math.max(span.fromMs, window.fromMs),
          toMs: Math.min(span.toMs, window.toMs),
          activeS: span.activeS * part,
          idleS: span.idleS * part,
          offS: span.offS * part,
        },
      ];
    }),
    breakdowns: (input.breakdowns ?? []).flatMap((period) => {
      const fromMs = Math.max(period.fromMs, window.fromMs);
      const toMs = Math.min(period.toMs, window.toMs);
      return toMs > fromMs ? [{ fromMs, toMs }] : [];
    }),
    fuel: {
      ...input.fuel,
      uses: input.fuel.uses.flatMap((use) => {
        const part = share(use.fromMs, use.toMs);
        if (part === 0) return [];
        return [
          {
            ...use,
            fromMs: Math.max(use.fromMs, window.fromMs),
            toMs: Math.max(Math.min(use.toMs, window.toMs), Math.max(use.fromMs, window.fromMs)),
            litres: use.litres * part,
          },
        ];
      }),
      refills: input.fuel.refills.filter((event) => inside(event.atMs)),
      thefts: input.fuel.thefts.filter((event) => inside(event.atMs)),
    },
    trips: input.trips.filter((trip) => inside(trip.fromMs)),
  };
}
