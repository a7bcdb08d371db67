// "Record service" (and changing a recorded one): the task, done or booked, when, the hour meter at
// the service (left empty, the server reads it off the meter), who did it, cost, parts, notes, and
// the invoice and photos, each uploaded to the machine's files as it is chosen. The server checks
// the meter against its history and says which field is wrong; the dialog stays open with it.
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { serviceWritten } from '../../dataProvider/maintenance.ts';
import type {
  ServiceBody,
  ServiceRecord,
  ServiceRecordState,
} from '../../domain/api/maintenance.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { dateTimeInputValue, instantOfInput } from '../../domain/format.ts';
import { parseLocaleNumber } from '../../domain/localeNumber.ts';
import { InstantPicker } from '../../common/pickers.tsx';
import { useCanCall } from '../../common/useCanCall.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';

export interface ServiceTask {
  planId: string;
  task: string;
}

interface Attached {
  id: string;
  name: string;
}

interface Props {
  machineId: string;
  machineName: string;
  tasks: ServiceTask[];
  /** The task to record; the first of the machine's otherwise. */
  planId?: string;
  /** A recorded service to change. */
  service?: ServiceRecord;
  onClose: () => void;
}

const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));

/** The invoice and photos: each uploaded to the machine's files as it is chosen. */
function Attachments({
  machineId,
  files,
  onChange,
  onUploading,
  onError,
}: {
  machineId: string;
  files: Attached[];
  onChange: (files: Attached[]) => void;
  onUploading: (uploading: boolean) => void;
  onError: (message: string) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [uploading, setUploading] = useState<string | null>(null);
  const attach = async (chosen: FileList | null) => {
    onUploading(true);
    let attached = files;
    for (const file of Array.from(chosen ?? [])) {
      setUploading(file.name);
      try {
        const type = file.type === 'application/pdf' ? 'invoice' : 'photo';
        const document = await dataProvider.uploadDocument(file, { type, machineId });
        attached = [...attached, { id: document.id, name: file.name }];
        onChange(attached);
      } catch (caught) {
        const reason = caught instanceof Error ? caught.message : String(caught);
        onError(translate('app.maintenance.attach_failed', { name: file.name, reason }));
      }
    }
    setUploading(null);
    onUploading(false);
  };
  return (
    <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
      <Button component="label" startIcon={<AttachFile />} disabled={uploading !== null}>
        {translate('app.maintenance.attach')}
        <input
          hidden
          type="file"
          multiple
          accept=".pdf,.png,.jpg,.jpeg"
          data-testid="service-files"
          onChange={(e) => void attach(e.target.files)}
        />
      </Button>
      {uploading ? translate('app.maintenance.attaching', { name: uploading }) : null}
      {files.map((file) => (
        <Chip
          key={file.id}
          label={file.name}
          onDelete={() => onChange(files.filter((f) => f.id !== file.id))}
          aria-label={translate('app.maintenance.remove_file', { name: file.name })}
        />
      ))}
    </Stack>
  );
}

interface FormText {
  task: string;
  state: ServiceRecordState;
  doneAt: string;
  meter: string;
  performedBy: string;
  cost: string;
  parts: string;
  notes: string;
}

/** The dialog's fields as typed, and the body they make: null while one is not a number. */
function useServiceForm(service: ServiceRecord | undefined, firstPlanId: string) {
  const [language] = useLocaleState();
  const timeZone = useTimeZone() ?? 'Europe/London';
  const [form, setForm] = useState<FormText>(() => ({
    task: service ? (service.planId ?? '') : firstPlanId,
    state: service?.status ?? 'done',
    doneAt: dateTimeInputValue(service?.doneAt ?? new Date(), timeZone),
    meter: numberText(service?.meterH),
    performedBy: service?.performedBy ?? '',
    cost: numberText(service?.cost),
    parts: service?.parts ?? '',
    notes: service?.notes ?? '',
  }));
  const set = (field: keyof FormText) => (value: string) =>
    setForm((before) => ({ ...before, [field]: value }));
  const number = (text: string) => (text.trim() === '' ? null : parseLocaleNumber(text, language));
  const meterH = number(form.meter);
  const cost = number(form.cost);
  const at = form.doneAt ? instantOfInput(form.doneAt, timeZone) : null;
  const bad = {
    meter: form.meter.trim() !== '' && (meterH === null || meterH < 0),
    cost: form.cost.trim() !== '' && (cost === null || cost < 0),
  };
  const done = form.state === 'done';
  const body = (fileIds: string[]): ServiceBody | null =>
    bad.meter || bad.cost || (done && at === null)
      ? null
      : {
          planId: form.task === '' ? null : form.task,
          status: form.state,
          doneAt: done && at ? at.toISOString() : null,
          meterH: done ? meterH : null,
          performedBy: form.performedBy.trim() || null,
          cost,
          parts: form.parts.trim() || null,
          notes: form.notes.trim() || null,
          fileIds,
        };
  return { form, set, bad, body };
}

/** Sends the service, then reads the machine's services and the due list again. */
function useSaveService(
  machineId: string,
  service: ServiceRecord | undefined,
  onSaved: () => void,
) {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (values: ServiceBody) => {
    setBusy(true);
    setError(null);
    try {
      if (service) await dataProvider.changeMachineService(machineId, service.id, values);
      else await dataProvider.addMachineService(machineId, values);
      await serviceWritten(queryClient, machineId);
      notify(service ? 'app.maintenance.changed' : 'app.maintenance.saved', { type: 'success' });
      onSaved();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  return { save, busy, error, setError };
}

export function ServiceDialog({ machineId, machineName, tasks, planId, service, onClose }: Props) {
  const translate = useTranslate();
  const canCall = useCanCall();
  const { form, set, bad, body } = useServiceForm(service, planId ?? tasks[0]?.planId ?? '');
  const { save, busy, error, setError } = useSaveService(machineId, service, onClose);
  const [files, setFiles] = useState<Attached[]>(service?.files ?? []);
  const [uploading, setUploading] = useState(false);
  const canAttach = canCall('POST', endpoints.portal.files.root);
  const values = body(files.map((file) => file.id));

  const text = (key: string) => translate(`app.maintenance.${key}`);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate(`app.maintenance.${service ? 'edit_title' : 'record_title'}`, {
          machine: machineName,
        })}
      </DialogTitle>
      <DialogContent>
        <Stack gap={2} sx={{ pt: 1 }} data-testid="service-dialog">
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            select
            label={text('task')}
            value={form.task}
            onChange={(e) => set('task')(e.target.value)}
          >
            {tasks.map((choice) => (
              <MenuItem key={choice.planId} value={choice.planId}>
                {choice.task}
              </MenuItem>
            ))}
            <MenuItem value="">{text('other_task')}</MenuItem>
          </TextField>
          <TextField
            select
            label={text('state')}
            value={form.state}
            onChange={(e) => set('state')(e.target.value)}
          >
            {(['done', 'open'] as const).map((choice) => (
              <MenuItem key={choice} value={choice}>
                {translate(`app.maintenance.states.${choice}`)}
              </MenuItem>
            ))}
          </TextField>
          {form.state === 'done' ? (
            <>
              <InstantPicker label={text('done_at')} value={form.doneAt} onChange={set('doneAt')} />
              <TextField
                label={text('meter')}
                value={form.meter}
                onChange={(e) => set('meter')(e.target.value)}
                helperText={text('meter_hint')}
                error={bad.meter}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'service-meter' } }}
              />
            </>
          ) : null}
          <TextField
            label={text('performed_by')}
            value={form.performedBy}
            onChange={(e) => set('performedBy')(e.target.value)}
          />
          <TextField
            label={text('cost')}
            value={form.cost}
            onChange={(e) => set('cost')(e.target.value)}
            error={bad.cost}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={text('parts')}
            value={form.parts}
            onChange={(e) => set('parts')(e.target.value)}
          />
          <TextField
            label={text('notes')}
            value={form.notes}
            onChange={(e) => set('notes')(e.target.value)}
            multiline
            minRows={2}
          />
          {canAttach ? (
            <Attachments
              machineId={machineId}
              files={files}
              onChange={setFiles}
              onUploading={setUploading}
              onError={setError}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => (values ? void save(values) : undefined)}
          disabled={!values || busy || uploading}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
