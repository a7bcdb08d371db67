// The brand screen's form: the four colours as the form names them, what Save would send, and
// the checks a chosen logo gets before it is sent (spec point 5). The server checks all again.
import type { BrandConfiguration } from '../../domain/brand.ts';
import { BRAND_COLOUR_FIELDS, LOGO_LIMITS, type BrandColourField } from '../../domain/brand.ts';
import { isHexColour } from '../../domain/colour.ts';

export type BrandColours = Record<BrandColourField, string>;

export function coloursOf(brand: BrandConfiguration): BrandColours {
  return {
    primary_background_colour: brand.primaryColour.backgroundColour,
    primary_text_colour: brand.primaryColour.textColour,
    secondary_background_colour: brand.secondaryColour.backgroundColour,
    secondary_text_colour: brand.secondaryColour.textColour,
  };
}

export const allValid = (colours: BrandColours) =>
  BRAND_COLOUR_FIELDS.every((field) => isHexColour(colours[field]));

/** Only the colours that differ from the saved ones (case aside). */
export function changedColours(saved: BrandColours, edited: BrandColours) {
  return Object.fromEntries(
    BRAND_COLOUR_FIELDS.filter(
      (field) => saved[field].toLowerCase() !== edited[field].toLowerCase(),
    ).map((field) => [field, edited[field]]),
  ) as Partial<BrandColours>;
}

export type LogoProblem = 'format' | 'size' | 'dimensions';

/** Why a chosen file cannot be the logo, by its type and size first, then its pixels. */
export async function logoProblem(file: File): Promise<LogoProblem | undefined> {
  if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png')) return 'format';
  if (file.size > LOGO_LIMITS.maxBytes) return 'size';
  // Browsers decode the file to measure it; where none can (tests), the server measures.
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const image = await createImageBitmap(file);
    const { width, height } = image;
    image.close();
    const fits =
      width >= LOGO_LIMITS.minPx &&
      height >= LOGO_LIMITS.minPx &&
      width <= LOGO_LIMITS.maxWidthPx &&
      height <= LOGO_LIMITS.maxHeightPx;
    return fits ? undefined : 'dimensions';
  } catch {
    return 'format';
  }
}

/** The <input type="color"> value for a hex colour: it knows only the six-digit form. */
export function pickerValue(hex: string): string {
  if (!isHexColour(hex)) return '#000000';
  return hex.length === 4
    ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase()
    : hex.toLowerCase();
}
