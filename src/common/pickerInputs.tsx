// react-admin inputs (forms and list filters) over the pickers in the user's language, in place of
// react-admin's DateInput and DateTimeInput, which show the browser's own order (11/27/2026).
import {
  InputHelperText,
  useInput,
  useResourceContext,
  useTranslateLabel,
  type InputProps,
  type Validator,
} from 'react-admin';
import { DayPicker, InstantPicker } from './pickers.tsx';

interface PickerInputProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  /** Filters shown without being added (react-admin reads it from the element). */
  alwaysOn?: boolean;
  /** A filter given a value that means nothing (react-admin reads it from the element). */
  helperText?: InputProps['helperText'];
}

function usePickerInput({ source, label, validate, helperText }: PickerInputProps) {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  return {
    label: String(translateLabel({ label, source, resource })),
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (value: string) => field.onChange(value === '' ? null : value),
    required: isRequired,
    error: fieldState.invalid,
    helperText: <InputHelperText error={fieldState.error?.message} helperText={helperText} />,
    name: field.name,
    size: 'small' as const,
  };
}

/** A day (yyyy-MM-dd), as react-admin's DateInput keeps it. */
export function DayInput(props: PickerInputProps) {
  return <DayPicker {...usePickerInput(props)} />;
}

/** A day and time (yyyy-MM-ddTHH:mm on the user's clock), as DateTimeInput keeps it. */
export function InstantInput(props: PickerInputProps) {
  return <InstantPicker {...usePickerInput(props)} />;
}
