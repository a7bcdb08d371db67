// Numbers as people type them (spec point 5: numeric inputs accept locale numbers): 1.234,5 in
// German, Dutch and French, 1,234.5 in English and Chinese; spaces group digits everywhere (French
// writes 1 234,5). Grouping must be in threes, so 1,5 in English is refused, not read as 15.

const GROUPED_COMMA_DECIMAL = /^[+-]?(?:\d{1,3}(?:[.\s]\d{3})+|\d+)(?:,\d+)?$/;
const GROUPED_POINT_DECIMAL = /^[+-]?(?:\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.\d+)?$/;

/** Whether the language writes its decimals after a comma. */
export function usesDecimalComma(language: string): boolean {
  const parts = new Intl.NumberFormat(language).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value === ',';
}

/** The number `text` means in `language`, or null when it is not one. */
export function parseLocaleNumber(text: string, language: string): number | null {
  // Every kind of space a keyboard or a copied figure brings (NBSP, narrow NBSP) is a space.
  const trimmed = text.trim().replace(/[\u00a0\u202f\u2009]/g, ' ');
  if (trimmed === '') return null;
  const comma = usesDecimalComma(language);
  if (!(comma ? GROUPED_COMMA_DECIMAL : GROUPED_POINT_DECIMAL).test(trimmed)) return null;
  const plain = comma
    ? trimmed.replace(/[.\s]/g, '').replace(',', '.')
    : trimmed.replace(/[,\s]/g, '');
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}
