// Who operates the machine (spec point 3: operator, assignedAt): the assignment made here, or the
// key the operator identified with on the tracker, whichever is newer. The owner's admins assign
// an operator, and can give an unnamed key the name at the same time.
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
} from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Machine, PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import { formatDateTime } from '../../../domain/format.ts';
import { machineKeys } from '../../../dataProvider/machines.ts';
import { useTimeZone } from '../../../settings/useTimeZone.ts';

/** A key the tracker reported that nobody has named shows as its 16 hex digits. */
const UNNAMED_KEY = /^[0-9A-F]{16}$/;

export function OperatorField({ machine, canEdit }: { machine: Machine; canEdit: boolean }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const [editing, setEditing] = useState(false);
  const operator = machine.operator;
  return (
    <Stack direction="row" alignItems="center" gap={0.5} data-testid="machine-operator">
      <span>
        {operator
          ? `${operator.operator} (${translate('app.machine.operator_edit.since', {
              time: formatDateTime(operator.assignedAt, language, timeZone),
            })})`
          : '–'}
      </span>
      {canEdit ? (
        <IconButton
          size="small"
          aria-label={translate('app.machine.operator_edit.title')}
          onClick={() => setEditing(true)}
        >
          <Edit fontSize="inherit" />
        </IconButton>
      ) : null}
      {editing ? <OperatorDialog machine={machine} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}

function OperatorDialog({ machine, onClose }: { machine: Machine; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const current = machine.operator?.operator ?? '';
  const unnamedKey = UNNAMED_KEY.test(current) ? current : null;
  const [name, setName] = useState(unnamedKey ? '' : current);
  const [nameKey, setNameKey] = useState(unnamedKey !== null);
  const [saving, setSaving] = useState(false);

  const save = async (operator: string | null) => {
    setSaving(true);
    try {
      await dataProvider.setMachineOperator(machine.id, {
        operator,
        ...(operator && unnamedKey && nameKey ? { nameKey: true } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: machineKeys.one(machine.id) });
      notify('app.machine.operator_edit.saved', { type: 'success' });
      onClose();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.machine.operator_edit.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('app.machine.operator_edit.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {unnamedKey ? (
          <FormControlLabel
            control={
              <Checkbox checked={nameKey} onChange={(event) => setNameKey(event.target.checked)} />
            }
            label={translate('app.machine.operator_edit.name_key', { key: unnamedKey })}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {machine.operator ? (
          <Button color="warning" disabled={saving} onClick={() => void save(null)}>
            {translate('app.machine.operator_edit.clear')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={saving || name.trim() === ''}
          onClick={() => void save(name.trim())}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
