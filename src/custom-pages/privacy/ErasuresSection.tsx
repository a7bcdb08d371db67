// The organisation's erasures: a person, or one machine's positions over a range, erased after a
// confirmation; and the list with each erasure's progress and, once done, its signed receipt.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { DayPicker } from '../../common/pickers.tsx';
import { useCaller } from '../../common/useCaller.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { privacyKeys } from '../../dataProvider/privacy.ts';
import type { ErasureBody, ErasureReceipt } from '../../domain/api/privacy.ts';
import type { UserRecord } from '../../domain/api/users.ts';
import { dateTimeInputValue } from '../../domain/format.ts';
import { zonedInstant } from '../../domain/zonedTime.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { JobRow, JobState, useJobs } from './jobParts.tsx';

const FIRST_HUNDRED = { page: 1, perPage: 100 };

function ReceiptDialog({ receipt, onClose }: { receipt: ErasureReceipt; onClose(): void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('app.privacy.receipt')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" gutterBottom>
          {translate('app.privacy.receipt_help')}
        </Typography>
        <pre data-testid="receipt" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(receipt, null, 2)}
        </pre>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(JSON.stringify(receipt))}>
          {translate('app.privacy.copy')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AskErasure({ onAsk }: { onAsk(body: ErasureBody): void }) {
  const translate = useTranslate();
  const timeZone = useTimeZone() ?? 'UTC';
  const self = useCaller().identity?.id;
  const users = useGetList<UserRecord>('users', {
    pagination: FIRST_HUNDRED,
    sort: { field: 'email', order: 'ASC' },
  });
  const machines = useGetList<{ id: string; name: string }>('machines', {
    pagination: FIRST_HUNDRED,
    sort: { field: 'name', order: 'ASC' },
  });
  const [userId, setUserId] = useState('');
  // Today on the user's calendar, from when the screen opened: the range is then widened.
  const [positions, setPositions] = useState(() => {
    const today = dateTimeInputValue(Date.now(), timeZone).slice(0, 10);
    return { machineId: '', from: today, to: today };
  });
  return (
    <Stack gap={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          name="userId"
          label={translate('app.privacy.person')}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          sx={{ minWidth: 260 }}
        >
          {(users.data ?? [])
            .filter((user) => user.id !== self)
            .map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {`${user.firstName} ${user.lastName}`.trim() || user.email} ({user.email})
              </MenuItem>
            ))}
        </TextField>
        <Button color="error" disabled={!userId} onClick={() => onAsk({ kind: 'user', userId })}>
          {translate('app.privacy.erase_person')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          name="machineId"
          label={translate('app.privacy.machine')}
          value={positions.machineId}
          onChange={(event) => setPositions({ ...positions, machineId: event.target.value })}
          sx={{ minWidth: 220 }}
        >
          {(machines.data ?? []).map((machine) => (
            <MenuItem key={machine.id} value={machine.id}>
              {machine.name}
            </MenuItem>
          ))}
        </TextField>
        <DayPicker
          size="small"
          label={translate('app.privacy.from')}
          value={positions.from}
          onChange={(from) => setPositions({ ...positions, from })}
        />
        <DayPicker
          size="small"
          label={translate('app.privacy.to')}
          value={positions.to}
          onChange={(to) => setPositions({ ...positions, to })}
        />
        <Button
          color="error"
          disabled={!positions.machineId || !positions.from || !positions.to}
          onClick={() =>
            onAsk({
              kind: 'positions',
              machineId: positions.machineId,
              from: zonedInstant(positions.from, 0, timeZone).toISOString(),
              to: zonedInstant(positions.to, 24 * 60, timeZone).toISOString(),
            })
          }
        >
          {translate('app.privacy.erase_positions')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function ErasuresSection() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [asking, setAsking] = useState<ErasureBody | null>(null);
  const [shown, setShown] = useState<ErasureReceipt | null>(null);
  const { jobs, ask } = useJobs(
    privacyKeys.erasures,
    (signal) => dataProvider.listErasures(signal),
    'app.privacy.erasure_asked',
  );
  return (
    <Stack gap={1} data-testid="erasures">
      <Typography variant="h6">{translate('app.privacy.erasures')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.privacy.erasures_intro')}
      </Typography>
      <AskErasure onAsk={setAsking} />
      {jobs?.map((job) => (
        <JobRow key={job.id} job={job} testId="erasure-row">
          <Typography variant="body2" sx={{ minWidth: 160 }}>
            {translate(`app.privacy.kinds_of_erasure.${job.kind}`)}
          </Typography>
          <JobState job={job} />
          {job.receipt ? (
            <Button size="small" onClick={() => setShown(job.receipt)}>
              {translate('app.privacy.show_receipt')}
            </Button>
          ) : null}
        </JobRow>
      ))}
      <Confirm
        isOpen={asking !== null}
        title={translate('app.privacy.confirm_title')}
        content={translate(
          asking?.kind === 'user' ? 'app.privacy.confirm_person' : 'app.privacy.confirm_positions',
        )}
        onConfirm={() => {
          const body = asking;
          setAsking(null);
          if (body) void ask(() => dataProvider.askErasure(body));
        }}
        onClose={() => setAsking(null)}
      />
      {shown ? <ReceiptDialog receipt={shown} onClose={() => setShown(null)} /> : null}
    </Stack>
  );
}
