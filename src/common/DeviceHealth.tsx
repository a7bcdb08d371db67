// The pieces every device screen shows the same way: a status chip, a battery reading with its
// status, and signal as bars with the raw reception beside them.
import { Box, Chip, Tooltip, Typography, type ChipProps } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SensorRecord } from '../domain/api/sensors.ts';
import { MAX_SIGNAL_BARS, type GatewayStatus, type SourceStatus } from '../domain/devices.ts';
import { formatNumber } from '../domain/format.ts';
import type { Format } from './useFormat.ts';

const STATUS_COLOURS: Record<GatewayStatus | SourceStatus, ChipProps['color']> = {
  online: 'success',
  reporting: 'success',
  late: 'warning',
  offline: 'error',
  silent: 'error',
  never: 'default',
  outOfService: 'default',
};

export function StatusChip({ status }: { status: GatewayStatus | SourceStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[status]}
      label={translate(`app.devices.status.${status}`)}
      data-status={status}
    />
  );
}

const BATTERY_COLOURS: Record<string, ChipProps['color']> = {
  ok: 'success',
  low: 'warning',
  critical: 'error',
};

export function BatteryReading({
  sensor,
}: {
  sensor: Pick<SensorRecord, 'batteryV' | 'batteryStatus'>;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  if (sensor.batteryV === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.devices.battery.none')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <span>{formatNumber(sensor.batteryV, language, 2)} V</span>
      {sensor.batteryStatus ? (
        <Chip
          size="small"
          variant="outlined"
          color={BATTERY_COLOURS[sensor.batteryStatus]}
          label={translate(`app.devices.battery.${sensor.batteryStatus}`)}
          data-battery={sensor.batteryStatus}
        />
      ) : null}
    </Box>
  );
}

/** Five bars, the first `bars` filled; the colour says the status. */
export function SignalBars({ bars, detail }: { bars: number | null; detail?: string }) {
  const translate = useTranslate();
  if (bars === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.devices.signal.none')}
      </Typography>
    );
  const colour = bars <= 1 ? 'error.main' : bars <= 2 ? 'warning.main' : 'success.main';
  const label = translate('app.devices.signal.bars', { bars });
  return (
    <Tooltip title={detail ? `${label} · ${detail}` : label}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        role="img"
        aria-label={label}
        data-bars={bars}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 16 }}>
          {Array.from({ length: MAX_SIGNAL_BARS }, (_, i) => (
            <Box
              key={i}
              sx={{
                width: 4,
                height: 4 + i * 3,
                bgcolor: i < bars ? colour : 'action.disabledBackground',
              }}
            />
          ))}
        </Box>
        {detail ? (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        ) : null}
      </Box>
    </Tooltip>
  );
}

/** The raw reception behind a source's bars: RSSI and SNR, or the modem's level. */
export function signalDetail(
  sensor: Pick<SensorRecord, 'rssiDbm' | 'snrDb' | 'gsmLevel'>,
  format: Format,
): string | undefined {
  if (sensor.rssiDbm !== null) {
    const snr = sensor.snrDb === null ? '' : ` · SNR ${format.measure(sensor.snrDb, 'dB')}`;
    return `${format.measure(sensor.rssiDbm, 'dBm', 0)}${snr}`;
  }
  if (sensor.gsmLevel !== null) return `GSM ${sensor.gsmLevel}/5`;
  return undefined;
}
