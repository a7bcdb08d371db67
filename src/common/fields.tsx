// Instants, days and figures as the user reads them (dd-MM-yyyy HH:mm and 1.234,5 in their language
// and zone), alone or as react-admin fields: never the browser's own 11/27/2026, 4:47:26 PM, which
// react-admin's DateField and NumberField show (eslint.config.js keeps them out).
import { useRecordContext } from 'react-admin';
import { useFormat } from './useFormat.ts';

/** An instant in the user's time zone, or a dash. */
export function When({ value }: { value: string | null | undefined }) {
  const format = useFormat();
  return <span>{value ? format.dateTime(value) : '–'}</span>;
}

/** A record's instant (react-admin's DateField with showTime, in the user's language and zone). */
export function WhenField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  return <When value={typeof value === 'string' ? value : null} />;
}

/** A record's day, dd-MM-yyyy. */
export function DayField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const format = useFormat();
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  return <span>{typeof value === 'string' && value ? format.date(value) : '–'}</span>;
}

/** A record's number (react-admin's NumberField, in the user's language). */
export function FigureField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const format = useFormat();
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  return <span>{typeof value === 'number' ? format.number(value) : '–'}</span>;
}
