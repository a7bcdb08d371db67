// A machine of the organisation's, found by the list's own search (name, asset ID) as one types:
// a fleet of ten thousand is never loaded whole. The form's input and the swap dialog share it.
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  InputHelperText,
  useDataProvider,
  useInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';

interface Option {
  id: string;
  label: string;
}

const SHOWN = 20;

export function MachinePicker({
  value,
  onChange,
  label,
  error,
  helperText,
  exceptId,
}: {
  value: string | null;
  onChange(id: string | null): void;
  label: string;
  error?: boolean;
  helperText?: React.ReactNode;
  /** A machine not to offer: the one a swap leaves. */
  exceptId?: string;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [typed, setTyped] = useState('');
  const found = useQuery({
    queryKey: ['machines', 'picker', typed],
    queryFn: async () =>
      (
        await dataProvider.getList('machines', {
          filter: { q: typed || undefined },
          pagination: { page: 1, perPage: SHOWN },
          sort: { field: 'name', order: 'ASC' },
        })
      ).data,
  });
  const chosen = useQuery({
    queryKey: ['machines', 'picked', value],
    queryFn: () => dataProvider.getMachine(value ?? ''),
    enabled: value !== null,
  });
  const labelOf = (machine: { id: string; name: string; assetId?: string | null }): Option => ({
    id: String(machine.id),
    label: machine.assetId ? `${machine.name} (${machine.assetId})` : machine.name,
  });
  const options = (found.data ?? []).map(labelOf).filter((option) => option.id !== exceptId);
  const selected = chosen.data ? labelOf(chosen.data) : null;
  return (
    <Autocomplete<Option>
      options={
        selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options
      }
      value={value === null ? null : (selected ?? { id: value, label: '' })}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      filterOptions={(shown) => shown}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      loading={found.isPending}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'machine-picker' } }}
        />
      )}
    />
  );
}

export function MachineInput({ source, validate }: { source: string; validate?: Validator }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate });
  return (
    <MachinePicker
      value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
      onChange={field.onChange}
      label={translate(`resources.hires.fields.${source}`)}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} />}
    />
  );
}
