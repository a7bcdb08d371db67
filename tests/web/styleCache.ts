// The styles a screen test inserts, dropped after each test. Emotion (under MUI) writes each rule
// into a <style> of its own, and the web files share one document per worker, so by a worker's
// fourth file the head held 1,500 sheets; jsdom matches every one of them for each element and
// each of its ancestors whenever MUI or Testing Library asks for a computed style, which made the
// last files of a worker several times slower than the first. `speedy` inserts the rules into one
// sheet with insertRule, as emotion does in production.
import createCache, { type EmotionCache } from '@emotion/cache';

let cache: EmotionCache | undefined;

/** This test's style cache: a screen rendered through it inserts only the rules it uses. */
export function styleCache(): EmotionCache {
  cache ??= createCache({ key: 'css', speedy: true });
  return cache;
}

/** Removes this test's style sheets from the document. */
export function dropStyles(): void {
  cache?.sheet.flush();
  cache = undefined;
}
