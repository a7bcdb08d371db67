// A hire's actions for the rental company's admins: off-hire (now or at a time), extend, swap the
// machine, and cancel a booked hire. Each opens a short dialog; the server's refusal shows in it.
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import type { Hire } from '../../domain/api/hires.ts';
import { dateTimeInputValue, instantOfInput } from '../../domain/format.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { InstantPicker } from '../../common/pickers.tsx';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { MachinePicker } from './MachinePicker.tsx';

type Action = 'offHire' | 'extend' | 'swap' | 'cancel';

function ActionDialog({
  title,
  confirm,
  open,
  busy,
  error,
  onClose,
  onConfirm,
  children,
}: {
  title: string;
  confirm: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose(): void;
  onConfirm(): void;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={onConfirm}
          data-testid="hire-action-confirm"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ActionState {
  /** The time typed; null until then: the moment of the click, not a minute rounded down. */
  at: string | null;
  openEnded: boolean;
  machineId: string | null;
  reason: string;
}

/** The calls behind the dialogs: each reports its refusal in the dialog and refreshes after. */
function useActionCalls(hire: Hire, state: ActionState, close: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const timeZone = useTimeZone() ?? 'Europe/London';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const instant = () =>
    ((state.at === null ? null : instantOfInput(state.at, timeZone)) ?? new Date()).toISOString();
  const overrideReason = state.reason.trim() || undefined;
  const run = async (work: () => Promise<string | undefined>, done: string) => {
    setBusy(true);
    try {
      const machine = await work();
      notify(done, { type: 'success', messageArgs: { machine } });
      close();
      refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const calls: Record<Action, () => Promise<void>> = {
    offHire: () =>
      run(async () => {
        await dataProvider.offHire(hire.id, { offHireAt: instant() });
        return undefined;
      }, 'app.hires.off_hired'),
    extend: () =>
      run(async () => {
        const offHireAt = state.openEnded ? null : instant();
        await dataProvider.extendHire(hire.id, { offHireAt, overrideReason });
        return undefined;
      }, 'app.hires.extended'),
    swap: async () => {
      const machineId = state.machineId;
      if (!machineId) return setError(translate('ra.validation.required'));
      await run(async () => {
        const swap = { machineId, at: instant(), overrideReason };
        const { opened } = await dataProvider.swapHire(hire.id, swap);
        redirect('show', 'hires', opened.id);
        return opened.machineName;
      }, 'app.hires.swapped');
    },
    cancel: () =>
      run(async () => {
        await dataProvider.delete('hires', { id: hire.id, previousData: hire });
        redirect('list', 'hires');
        return undefined;
      }, 'app.hires.cancelled'),
  };
  return { calls, error, busy, clearError: () => setError(null) };
}

const TITLES: Record<Action, string> = {
  offHire: 'app.hires.off_hire',
  extend: 'app.hires.extend',
  swap: 'app.hires.swap',
  cancel: 'app.hires.cancel',
};

/** The actions the hire's state allows: a running hire is off-hired, a booked one cancelled. */
function actionsFor(hire: Hire): Action[] {
  return [
    hire.status !== 'offHired' ? 'offHire' : null,
    hire.offHireAt !== null ? 'extend' : null,
    hire.status === 'onHire' ? 'swap' : null,
    hire.status === 'future' ? 'cancel' : null,
  ].filter((action): action is Action => action !== null);
}

export function HireActions({ hire }: { hire: Hire }) {
  const translate = useTranslate();
  const timeZone = useTimeZone() ?? 'Europe/London';
  const [action, setAction] = useState<Action | null>(null);
  const [state, setState] = useState<ActionState>({
    at: null,
    openEnded: false,
    machineId: null,
    reason: '',
  });
  const { calls, error, busy, clearError } = useActionCalls(hire, state, () => setAction(null));
  const change = (part: Partial<ActionState>) => setState((current) => ({ ...current, ...part }));
  const start = (next: Action) => {
    setAction(next);
    clearError();
    setState({
      at: next === 'extend' && hire.offHireAt ? dateTimeInputValue(hire.offHireAt, timeZone) : null,
      openEnded: false,
      machineId: null,
      reason: '',
    });
  };
  const timeField = (label: string) => (
    <InstantPicker
      label={translate(label)}
      value={state.at ?? dateTimeInputValue(new Date(), timeZone)}
      onChange={(at) => change({ at })}
      size="small"
      name="at"
    />
  );
  const reasonField = (
    <TextField
      size="small"
      label={translate('resources.hires.fields.overrideReason')}
      value={state.reason}
      onChange={(event) => change({ reason: event.target.value })}
    />
  );

  return (
    <Stack direction="row" gap={1} flexWrap="wrap">
      {actionsFor(hire).map((shown) => (
        <Button
          key={shown}
          color={shown === 'cancel' ? 'error' : 'primary'}
          onClick={() => start(shown)}
        >
          {translate(TITLES[shown])}
        </Button>
      ))}
      <ActionDialog
        open={action !== null}
        title={action ? translate(TITLES[action]) : ''}
        confirm={action ? translate(TITLES[action]) : ''}
        busy={busy}
        error={error}
        onClose={() => setAction(null)}
        onConfirm={() => action && void calls[action]()}
      >
        {action === 'offHire' ? timeField('app.hires.off_hire_at') : null}
        {action === 'extend' ? (
          <>
            {state.openEnded ? null : timeField('app.hires.extend_to')}
            <FormControlLabel
              control={
                <Checkbox
                  checked={state.openEnded}
                  onChange={(event) => change({ openEnded: event.target.checked })}
                />
              }
              label={translate('app.hires.extend_open')}
            />
            {reasonField}
          </>
        ) : null}
        {action === 'swap' ? (
          <>
            <MachinePicker
              value={state.machineId}
              onChange={(machineId) => change({ machineId })}
              label={translate('app.hires.swap_to')}
              exceptId={hire.machineId}
            />
            {timeField('app.hires.swap_at')}
            {reasonField}
          </>
        ) : null}
        {action === 'cancel'
          ? translate('app.hires.cancel_confirm', { contract: hire.contractNumber })
          : null}
      </ActionDialog>
    </Stack>
  );
}
