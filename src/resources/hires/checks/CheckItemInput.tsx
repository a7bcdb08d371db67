// One item of a checklist as a phone answers it: a level in percent, the hour meter, yes or no, or
// words (damage found, a note). Numbers are typed the user's way (1.234,5 in German).
import { Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { CheckAnswer, CheckItem } from '../../../domain/api/checks.ts';
import { parseLocaleNumber } from '../../../domain/localeNumber.ts';

export function CheckItemInput({
  item,
  answer,
  onChange,
}: {
  item: CheckItem;
  answer: CheckAnswer | undefined;
  onChange: (answer: CheckAnswer | undefined) => void;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const [text, setText] = useState(() => (typeof answer === 'number' ? String(answer) : ''));
  if (item.kind === 'present' || item.kind === 'clean') {
    return (
      <Stack direction="row" gap={2} alignItems="center" justifyContent="space-between">
        <Typography>{item.label}</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={answer === undefined ? null : answer}
          onChange={(_event, value: boolean | null) => onChange(value ?? undefined)}
          aria-label={item.label}
        >
          <ToggleButton value={true}>{translate('app.checks.yes')}</ToggleButton>
          <ToggleButton value={false}>{translate('app.checks.no')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    );
  }
  if (item.kind === 'damage' || item.kind === 'text') {
    return (
      <TextField
        label={item.label}
        multiline
        minRows={item.kind === 'damage' ? 2 : 1}
        value={typeof answer === 'string' ? answer : ''}
        helperText={item.kind === 'damage' ? translate('app.checks.damage_help') : undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    );
  }
  const percent = item.kind === 'fuelLevel';
  return (
    <TextField
      label={`${item.label} (${percent ? '%' : 'h'})`}
      value={text}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseLocaleNumber(event.target.value, language) ?? undefined);
      }}
    />
  );
}

/** Why an answer is not yet right, or null: what is billed on must be answered, and fit. */
export function answerProblem(item: CheckItem, answer: CheckAnswer | undefined): string | null {
  switch (item.kind) {
    case 'fuelLevel':
      return typeof answer === 'number' && answer >= 0 && answer <= 100
        ? null
        : 'app.checks.fuel_range';
    case 'hourMeter':
      return typeof answer === 'number' && answer >= 0 ? null : 'app.checks.answer_needed';
    case 'present':
    case 'clean':
      return typeof answer === 'boolean' ? null : 'app.checks.answer_needed';
    default:
      return null;
  }
}
