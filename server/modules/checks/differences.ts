// What changed between a hire's on-hire and off-hire checks: pure, so the billing rules are tested
// on fixtures. Items are matched by key; the off-hire check's items lead (the newer template).
import type {
  CheckAnswer,
  CheckDifferences,
  CheckItem,
  HireCheck,
} from '../../../src/domain/api/checks.ts';

const numberOf = (answer: CheckAnswer | undefined) => (typeof answer === 'number' ? answer : null);
const textOf = (answer: CheckAnswer | undefined) =>
  typeof answer === 'string' ? answer.trim() : '';

/** The first item of a kind both checks answered with a number: its off-hire less its on-hire. */
function numberChange(
  items: CheckItem[],
  on: HireCheck,
  off: HireCheck,
  kind: 'fuelLevel' | 'hourMeter',
): number | null {
  for (const item of items.filter((i) => i.kind === kind)) {
    const before = numberOf(on.answers[item.key]);
    const after = numberOf(off.answers[item.key]);
    if (before !== null && after !== null) return Math.round((after - before) * 100) / 100;
  }
  return null;
}

export function checkDifferences(
  on: HireCheck | undefined,
  off: HireCheck | undefined,
): CheckDifferences {
  const items = [...(off?.items ?? []), ...(on?.items ?? [])].filter(
    (item, index, all) => all.findIndex((other) => other.key === item.key) === index,
  );
  const answer = (check: HireCheck | undefined, key: string) => check?.answers[key] ?? null;
  const fuelChange = on && off ? numberChange(items, on, off, 'fuelLevel') : null;
  return {
    onHireCheckId: on?.id ?? null,
    offHireCheckId: off?.id ?? null,
    items: items.map((item) => {
      const before = answer(on, item.key);
      const after = answer(off, item.key);
      return {
        ...item,
        onHire: before,
        offHire: after,
        changed: on !== undefined && off !== undefined && before !== after,
      };
    }),
    fuelUsedPct: fuelChange === null ? null : Math.max(0, -fuelChange),
    meterHours: on && off ? numberChange(items, on, off, 'hourMeter') : null,
    newDamage:
      on && off
        ? items
            .filter((item) => item.kind === 'damage')
            .flatMap((item) => {
              const after = textOf(off.answers[item.key]);
              return after !== '' && after !== textOf(on.answers[item.key])
                ? [`${item.label}: ${after}`]
                : [];
            })
        : [],
    missing:
      on && off
        ? items
            .filter(
              (item) =>
                item.kind === 'present' &&
                on.answers[item.key] === true &&
                off.answers[item.key] === false,
            )
            .map((item) => item.label)
        : [],
  };
}
