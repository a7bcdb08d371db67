// Days and instants chosen in the user's language and the spec's order (dd-MM-yyyy, point 9),
// never in the browser's: a native date input shows 11/27/2026 to a German user of an English
// browser. The values stay what the screens and the API read: yyyy-MM-dd for a day,
// yyyy-MM-ddTHH:mm on the user's clock for an instant.
import type { SxProps, Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS, frFR, itIT, nlNL, zhCN } from '@mui/x-date-pickers/locales';
import { format, isValid, parse } from 'date-fns';
import { de, enGB, fr, it, nl, zhCN as zhDates } from 'date-fns/locale';
import { useState, type ReactNode } from 'react';
import { useLocale } from 'react-admin';
import { dateFormatFor } from '../domain/format.ts';

const DATE_LOCALES = { en: enGB, de, fr, nl, it, zh: zhDates } as const;
const PICKER_TEXTS = { en: enUS, de: deDE, fr: frFR, nl: nlNL, it: itIT, zh: zhCN } as const;
type Language = keyof typeof DATE_LOCALES;

const DAY = 'yyyy-MM-dd';
const MINUTE = "yyyy-MM-dd'T'HH:mm";

const languageOf = (locale: string): Language =>
  locale in DATE_LOCALES ? (locale as Language) : 'en';

/** The pickers' language, calendar (weeks from Monday outside English) and button texts. */
function PickerLocale({ children }: { children: ReactNode }) {
  const language = languageOf(useLocale());
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={DATE_LOCALES[language]}
      localeText={PICKER_TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

const read = (value: string, pattern: string): Date | null => {
  if (!value) return null;
  const date = parse(value, pattern, new Date(0));
  return isValid(date) ? date : null;
};

/**
 * The picker's date and what the screen is told of it: a half-typed date is '' to the screen, while
 * the field keeps what was typed so far (a controlled picker given null would clear it).
 */
function usePicked(value: string, pattern: string, onChange: (value: string) => void) {
  const [picked, setPicked] = useState<{ value: string; date: Date | null }>({
    value,
    date: read(value, pattern),
  });
  const date = picked.value === value ? picked.date : read(value, pattern);
  const change = (next: Date | null) => {
    const told = next !== null && isValid(next) ? format(next, pattern) : '';
    setPicked({ value: told, date: next });
    onChange(told);
  };
  return [date, change] as const;
}

interface PickerProps {
  label: string;
  /** yyyy-MM-dd (a day) or yyyy-MM-ddTHH:mm (an instant on the user's clock); '' for none. */
  value: string;
  onChange: (value: string) => void;
  size?: 'small' | 'medium';
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  sx?: SxProps<Theme>;
}

const textField = ({ size, required, disabled, error, helperText, name, sx }: PickerProps) => ({
  size,
  required,
  disabled,
  error,
  helperText,
  name,
  sx,
});

/** A calendar day in the user's language: the value is yyyy-MM-dd, as the URLs and API take. */
export function DayPicker(props: PickerProps) {
  const language = languageOf(useLocale());
  const [date, change] = usePicked(props.value, DAY, props.onChange);
  return (
    <PickerLocale>
      <DatePicker
        label={props.label}
        format={dateFormatFor(language)}
        value={date}
        onChange={change}
        slotProps={{ textField: textField(props) }}
      />
    </PickerLocale>
  );
}

/** A day and time in the user's language, on a 24-hour clock: the value is yyyy-MM-ddTHH:mm. */
export function InstantPicker(props: PickerProps) {
  const language = languageOf(useLocale());
  const [date, change] = usePicked(props.value, MINUTE, props.onChange);
  return (
    <PickerLocale>
      <DateTimePicker
        label={props.label}
        format={`${dateFormatFor(language)} HH:mm`}
        ampm={false}
        value={date}
        onChange={change}
        slotProps={{ textField: textField(props) }}
      />
    </PickerLocale>
  );
}
