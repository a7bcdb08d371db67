// The one formatting layer of the screens (issue 40): every date, time, number, unit, percentage
// and yes/no a screen shows goes through here, in the user's language and time zone. Components
// may not call toFixed or toLocaleString themselves (eslint.config.js says so).
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatDateTime, formatNumber } from '../domain/format.ts';
import { usesDecimalComma } from '../domain/localeNumber.ts';
import { useTimeZone } from '../settings/useTimeZone.ts';

export interface Format {
  /** An instant's day, dd-MM-yyyy in the user's zone; a yyyy-MM-dd day as it is. */
  date(value: Date | string | number): string;
  /** An instant as dd-MM-yyyy HH:mm in the user's zone. */
  dateTime(value: Date | string | number): string;
  /**
   * Grouped and with the language's decimal sign: 1.321,2 in German; with exactly
   * `fractionDigits` decimals, or up to two where none are asked for.
   */
  number(value: number, fractionDigits?: number): string;
  /** A number that may be missing: a dash for none. */
  figure(value: number | null | undefined, fractionDigits?: number): string;
  /** Above 9,999 in thousands with a k (12,3k), for tight columns and cards. */
  compact(value: number): string;
  /** A percentage, 63,4 % in German and French. */
  percent(value: number, fractionDigits?: number): string;
  /** A measure with its unit: 1.321,2 h, −71 dBm. */
  measure(value: number, unit: string, fractionDigits?: number): string;
  /** Yes or No in the user's language: never true or false. */
  yesNo(value: boolean): string;
  /** A file's size in B, kB or MB. */
  bytes(value: number): string;
  /** An amount in an ISO 4217 currency: £1,234.50, 1.234,50 €. */
  money(value: number, currency: string): string;
  /** A position as latitude, longitude with five decimals (about a metre). */
  position(latitude: number, longitude: number): string;
}

export function formatter(
  language: string,
  timeZone: string | undefined,
  yesNo: (value: boolean) => string,
): Format {
  const locale = language === 'zh' ? 'zh-CN' : language;
  // Intl formats are costly to make and a table formats hundreds of cells: one per style.
  const formats = new Map<string, Intl.NumberFormat>();
  const formatOf = (style: 'decimal' | 'percent', fractionDigits?: number) => {
    const key = `${style}|${fractionDigits}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style,
        minimumFractionDigits: fractionDigits ?? 0,
        maximumFractionDigits: fractionDigits ?? 2,
      });
      formats.set(key, format);
    }
    return format;
  };
  const number = (value: number, fractionDigits?: number) =>
    formatOf('decimal', fractionDigits).format(value);
  const percent = (value: number, fractionDigits = 1) =>
    formatOf('percent', fractionDigits).format(value / 100);
  return {
    date: (value) => formatDate(value, language, timeZone),
    dateTime: (value) => formatDateTime(value, language, timeZone),
    number,
    figure: (value, fractionDigits) =>
      value === null || value === undefined ? '–' : number(value, fractionDigits),
    compact: (value) => formatNumber(value, language),
    percent,
    measure: (value, unit, fractionDigits = 1) => `${number(value, fractionDigits)} ${unit}`,
    yesNo,
    bytes: (value) => {
      if (value < 1000) return `${number(value, 0)} B`;
      if (value < 1_000_000) return `${number(value / 1000, 0)} kB`;
      return `${number(value / 1_000_000, 1)} MB`;
    },
    money: (value, currency) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value),
    // Where the decimal sign is a comma, a semicolon keeps the two numbers apart.
    position: (latitude, longitude) =>
      `${number(latitude, 5)}${usesDecimalComma(language) ? ';' : ','} ${number(longitude, 5)}`,
  };
}

/** The formats of the signed-in user's language and time zone. */
export function useFormat(): Format {
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const translate = useTranslate();
  return useMemo(
    () =>
      formatter(language, timeZone, (value) =>
        translate(value ? 'ra.boolean.true' : 'ra.boolean.false'),
      ),
    [language, timeZone, translate],
  );
}
