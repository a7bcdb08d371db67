// A number in a react-admin form as the user writes it (spec point 5): 51,4462 in German and
// French, 51.4462 in English, in place of react-admin's NumberInput, whose browser field shows and
// takes the browser's own notation whatever language the user chose.
import { TextField } from '@mui/material';
import { useState } from 'react';
import {
  InputHelperText,
  maxValue,
  minValue,
  useInput,
  useLocale,
  useResourceContext,
  useTranslateLabel,
  type Validator,
} from 'react-admin';
import { parseLocaleNumber } from '../domain/localeNumber.ts';

interface DecimalInputProps {
  source: string;
  label?: string;
  min?: number;
  max?: number;
  validate?: Validator | Validator[];
  helperText?: string;
}

/** What was typed but is not a number: kept in the form so that saving is refused, not guessed. */
const NOT_A_NUMBER = Number.NaN;

const isNumber: Validator = (value: unknown) =>
  typeof value === 'number' && Number.isNaN(value) ? 'ra.validation.number' : undefined;

export function DecimalInput({ source, label, min, max, validate, helperText }: DecimalInputProps) {
  const language = useLocale();
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const given = validate === undefined ? [] : Array.isArray(validate) ? validate : [validate];
  const { field, fieldState, isRequired } = useInput({
    source,
    validate: [
      isNumber,
      ...(min === undefined ? [] : [minValue(min)]),
      ...(max === undefined ? [] : [maxValue(max)]),
      ...given,
    ],
  });
  // What the user is typing; the form's number, written the user's way, when not editing.
  const [typed, setTyped] = useState<string | null>(null);
  const shown =
    typed ??
    (typeof field.value === 'number' && !Number.isNaN(field.value)
      ? new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : language, {
          maximumFractionDigits: 10,
          useGrouping: false,
        }).format(field.value)
      : '');
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={translateLabel({ label, source, resource })}
      value={shown}
      required={isRequired}
      size="small"
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        field.onChange(
          text.trim() === '' ? null : (parseLocaleNumber(text, language) ?? NOT_A_NUMBER),
        );
      }}
      onBlur={() => {
        // A number is shown the user's way again; what is not one stays for them to correct.
        if (!(typeof field.value === 'number' && Number.isNaN(field.value))) setTyped(null);
        field.onBlur();
      }}
    />
  );
}
