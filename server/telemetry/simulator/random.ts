// A small seeded random generator (mulberry32), so simulations and demo data repeat exactly.

export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number in [min, max]. */
export const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
