// One brand colour: typed as hex ('Invalid hex code' otherwise) or picked, with the AA contrast
// warning shown under the text colour of its pair.
import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isHexColour } from '../../domain/colour.ts';
import { pickerValue } from './brandForm.ts';

export function ColourField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  const label = translate(`app.brand.fields.${name}`);
  const invalid = !isHexColour(value);
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start">
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        error={invalid}
        helperText={invalid ? translate('app.brand.invalid_hex') : ' '}
        size="small"
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        sx={{ width: 220 }}
      />
      <input
        type="color"
        aria-label={translate('app.brand.pick', { name: label })}
        value={pickerValue(value)}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        style={{ width: 44, height: 40, padding: 0, border: 'none', background: 'none' }}
      />
    </Stack>
  );
}
