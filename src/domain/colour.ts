// Colour rules of spec point 5: hex colours and the WCAG 2 contrast between a background and its
// text (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).

/** AA asks 4.5:1 for normal text; below it the brand screen warns but still saves. */
export const AA_CONTRAST_RATIO = 4.5;

/** '#' and 3 or 6 hex digits: 4 or 7 characters in all. */
export function isHexColour(value: string): boolean {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

/** The 0–255 red, green and blue of a valid hex colour, a short one doubled out. */
export function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const s = channel / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** From 1 (the same colour) to 21 (black on white), whichever colour is the lighter. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** True when both are valid colours whose contrast is below AA: the warning's condition. */
export function failsAaContrast(background: string, text: string): boolean {
  return (
    isHexColour(background) &&
    isHexColour(text) &&
    contrastRatio(background, text) < AA_CONTRAST_RATIO
  );
}
