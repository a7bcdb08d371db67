// Changing a machine's descriptors (PUT /v1/machines/:id): the fields the list and reports show;
// a field the server refuses is marked with its message.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Machine, PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import type { MachineUpdateBody } from '../../../domain/api/machines.ts';
import { machineKeys } from '../../../dataProvider/machines.ts';

type Field = Exclude<keyof MachineUpdateBody, 'pin' | 'serialNumber' | 'model'>;
const FIELDS: Field[] = [
  'name',
  'assetId',
  'category',
  'type',
  'oem',
  'manufacturingYear',
  'ownershipType',
  'owner',
  'group',
  'note',
];

export function MachineEditDialog({ machine, onClose }: { machine: Machine; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(FIELDS.map((field) => [field, String(machine[field] ?? '')])) as Record<
        Field,
        string
      >,
  );
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const changes: MachineUpdateBody = {};
    for (const field of FIELDS) {
      const text = values[field].trim();
      if (text === String(machine[field] ?? '')) continue;
      if (field === 'manufacturingYear') changes.manufacturingYear = text ? Number(text) : null;
      else if (field === 'name') changes.name = text;
      else changes[field] = text || null;
    }
    if (Object.keys(changes).length === 0) return onClose();
    setSaving(true);
    try {
      await dataProvider.updateMachine(machine.id, changes);
      await queryClient.invalidateQueries({ queryKey: machineKeys.one(machine.id) });
      notify('app.machine.edit.saved', { type: 'success' });
      onClose();
    } catch (caught) {
      const body = caught instanceof HttpError ? (caught.body as { field?: string }) : undefined;
      setError({
        field: body?.field,
        message: caught instanceof Error ? caught.message : String(caught),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.machine.edit.title')}</DialogTitle>
      <DialogContent>
        <Stack gap={2} sx={{ pt: 1 }}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              size="small"
              label={translate(`app.machine.edit.fields.${field}`)}
              value={values[field]}
              type={field === 'manufacturingYear' ? 'number' : 'text'}
              multiline={field === 'note'}
              error={error?.field === field}
              helperText={error?.field === field ? error.message : undefined}
              onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            />
          ))}
          {error && !FIELDS.includes(error.field as Field) ? (
            <Alert severity="error">{error.message}</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
