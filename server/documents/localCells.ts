// A report's cells in its reader's language (issue 40): the PDF shows 1.234,5 to a German reader
// and days as the portal's screens do (dd-MM-yyyy; yyyy-MM-dd in Chinese). The CSV keeps the
// plain forms a program reads; the XLSX types its cells and the spreadsheet formats them.
import { dateFormatFor } from '../../src/domain/format.ts';
import { readWallClock } from './wallClock.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock day (and time) in the language's order of day, month and year. */
export function localWallClock(text: string, language: string): string | null {
  const clock = readWallClock(text);
  if (!clock) return null;
  const day = dateFormatFor(language)
    .replace('yyyy', String(clock.year))
    .replace('MM', two(clock.month))
    .replace('dd', two(clock.day));
  return clock.time ? `${day} ${two(clock.time.hour)}:${two(clock.time.minute)}` : day;
}

/** Formats a section's cells for one language: figures with its decimal sign, days its way. */
export function localCells(language: string): (text: string, numeric: boolean) => string {
  const locale = language === 'zh' ? 'zh-CN' : language;
  const formats = new Map<number, Intl.NumberFormat>();
  const formatOf = (decimals: number) => {
    let format = formats.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      formats.set(decimals, format);
    }
    return format;
  };
  return (text, numeric) => {
    if (text === '') return text;
    if (numeric) {
      const value = Number(text);
      if (Number.isNaN(value)) return text;
      return formatOf(text.split('.')[1]?.length ?? 0).format(value);
    }
    return localWallClock(text, language) ?? text;
  };
}

/** The PDF's foot: when it was made, in UTC, the reader's way. */
export const generatedLine = (now: Date, language: string): string =>
  `Generated ${localWallClock(now.toISOString().slice(0, 16), language) ?? ''} UTC`;
