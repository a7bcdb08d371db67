// A sensor's fuel attachments (spec point 3): whether its fuel readings count, and the tanks it
// measured from each start on, with their capacity; saved as one list.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { deviceKeys } from '../../dataProvider/devices.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import {
  FUEL_ATTACHMENT_TYPES,
  MAX_TANK_CAPACITY_L,
  type SensorAttachmentReply,
  type SensorRecord,
} from '../../domain/api/sensors.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { dateTimeInputValue } from '../../domain/format.ts';
import { InstantPicker } from '../../common/pickers.tsx';

interface Row {
  id?: string;
  type: (typeof FUEL_ATTACHMENT_TYPES)[number];
  /** yyyy-MM-ddTHH:mm on the user's clock. */
  start: string;
  tankCapacity: string;
  serialNumber: string;
}

function rowsOf(reply: SensorAttachmentReply, timeZone: string): Row[] {
  return reply.fuelAttachment.map((a) => ({
    id: a.id,
    type: a.type,
    start: dateTimeInputValue(a.start, timeZone),
    tankCapacity: String(a.tankCapacity),
    serialNumber: a.serialNumber ?? '',
  }));
}

const capacityOk = (value: string) => Number(value) > 0 && Number(value) <= MAX_TANK_CAPACITY_L;

/** One attachment: its kind, from when, the tank's capacity and serial number. */
function TankRow({
  row,
  onChange,
  onRemove,
}: {
  row: Row;
  onChange(change: Partial<Row>): void;
  onRemove(): void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={translate('app.devices.tank.type')}
        value={row.type}
        onChange={(event) => onChange({ type: event.target.value as Row['type'] })}
        sx={{ width: 170 }}
      >
        {FUEL_ATTACHMENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`app.devices.tank.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <InstantPicker
        size="small"
        label={translate('app.devices.tank.start')}
        value={row.start}
        onChange={(start) => onChange({ start })}
        sx={{ width: 230 }}
      />
      <TextField
        type="number"
        size="small"
        label={translate('app.devices.tank.capacity')}
        value={row.tankCapacity}
        error={!capacityOk(row.tankCapacity)}
        helperText={
          capacityOk(row.tankCapacity) ? ' ' : translate('app.devices.tank.capacity_invalid')
        }
        onChange={(event) => onChange({ tankCapacity: event.target.value })}
        sx={{ width: 150 }}
      />
      <TextField
        size="small"
        label={translate('app.devices.tank.serial')}
        value={row.serialNumber}
        onChange={(event) => onChange({ serialNumber: event.target.value })}
        sx={{ width: 150 }}
      />
      <IconButton aria-label={translate('ra.action.remove')} onClick={onRemove}>
        <Delete />
      </IconButton>
    </Box>
  );
}

function TankForm({
  sensor,
  reply,
  timeZone,
  onClose,
}: {
  sensor: SensorRecord;
  reply: SensorAttachmentReply;
  timeZone: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [enableFuel, setEnableFuel] = useState(reply.enableFuel);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(reply, timeZone));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      dataProvider.setSensorAttachment({
        sourceId: sensor.id,
        enableFuel,
        timezone: timeZone,
        fuelAttachment: rows.map((row) => ({
          ...(row.id ? { id: row.id } : {}),
          type: row.type,
          start: row.start,
          tankCapacity: Number(row.tankCapacity),
          ...(row.serialNumber.trim() ? { serialNumber: row.serialNumber.trim() } : {}),
        })),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(deviceKeys.attachment(sensor.id), saved);
      notify('app.devices.tank.saved', { type: 'success' });
      onClose();
    },
    onError: (failure: Error) => setError(failure.message),
  });
  const update = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <FormControlLabel
          control={
            <Switch
              checked={enableFuel}
              onChange={(event) => setEnableFuel(event.target.checked)}
            />
          }
          label={translate('app.devices.tank.enable')}
        />
        {rows.map((row, index) => (
          <TankRow
            key={row.id ?? `new-${index}`}
            row={row}
            onChange={(change) => update(index, change)}
            onRemove={() => setRows((current) => current.filter((_, i) => i !== index))}
          />
        ))}
        <Box>
          <Button
            onClick={() =>
              setRows((current) => [
                ...current,
                {
                  type: 'TANK_LEVEL',
                  start: dateTimeInputValue(new Date(), timeZone),
                  tankCapacity: '',
                  serialNumber: '',
                },
              ])
            }
          >
            {translate('app.devices.tank.add')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={
            save.isPending || rows.some((row) => !row.start || !capacityOk(row.tankCapacity))
          }
          onClick={() => save.mutate()}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </>
  );
}

export function FuelTankDialog({ sensor, onClose }: { sensor: SensorRecord; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const timeZone = useTimeZone();
  const reply = useQuery({
    queryKey: deviceKeys.attachment(sensor.id),
    queryFn: ({ signal }) => dataProvider.getSensorAttachment(sensor.id, signal),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('app.devices.tank.title', { code: sensor.code })}</DialogTitle>
      {reply.data && timeZone ? (
        <TankForm sensor={sensor} reply={reply.data} timeZone={timeZone} onClose={onClose} />
      ) : reply.error ? (
        <DialogContent>
          <Alert severity="error">{reply.error.message}</Alert>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
