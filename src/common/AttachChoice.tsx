// The second step of fitting a device (to a machine or to an equipment asset): a new one, made
// from the form given, or an existing one found by searching; then the one button that attaches.
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  CardContent,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { HttpError } from 'ra-core';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export type AttachMode = 'new' | 'existing';
export interface AttachOption {
  id: string;
  label: string;
}
export interface Refusal {
  field: string;
  message: string;
}

/** What the server refused, the field named as the form names it (without `prefix`). */
export function refusalOf(error: unknown, prefix: string): Refusal {
  const body =
    error instanceof HttpError ? (error.body as { field?: string } | undefined) : undefined;
  return {
    field: body?.field?.replace(prefix, '') ?? '',
    message: error instanceof Error ? error.message : String(error),
  };
}

export function AttachChoice({
  labels,
  mode,
  onMode,
  form,
  formFields,
  options,
  chosen,
  onChoose,
  onSearch,
  refusal,
  canSubmit,
  onSubmit,
}: {
  /** Translation keys: the toggle's two sides, the search box and the button. */
  labels: { new: string; existing: string; choose: string; attach: string };
  mode: AttachMode;
  onMode(mode: AttachMode): void;
  form: ReactNode;
  /** The fields the form shows its own errors on; any other refusal is shown below it. */
  formFields: readonly string[];
  options: AttachOption[];
  chosen: AttachOption | null;
  onChoose(option: AttachOption | null): void;
  onSearch(text: string): void;
  refusal: Refusal | null;
  canSubmit: boolean;
  onSubmit(): void;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_e, value: AttachMode | null) => value && onMode(value)}
        >
          <ToggleButton value="new">{translate(labels.new)}</ToggleButton>
          <ToggleButton value="existing">{translate(labels.existing)}</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'new' ? (
          form
        ) : (
          <Autocomplete
            options={options}
            value={chosen}
            onChange={(_e, option) => onChoose(option)}
            onInputChange={(_e, text) => onSearch(text)}
            filterOptions={(all) => all}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(props) => (
              <TextField {...props} size="small" label={translate(labels.choose)} />
            )}
            sx={{ maxWidth: 480 }}
          />
        )}
        {refusal && !formFields.includes(refusal.field) ? (
          <Alert severity="error">{refusal.message}</Alert>
        ) : null}
        <div>
          <Button variant="contained" disabled={!canSubmit} onClick={onSubmit}>
            {translate(labels.attach)}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
