// The list's hour meter: the figure, where it comes from and the reading it counts on from (every
// hours figure carries its source and reading time), and a mark when the meter's sources disagree.
import { Stack, Tooltip, Typography } from '@mui/material';
import SyncProblem from '@mui/icons-material/SyncProblem';
import { useTranslate } from 'ra-core';
import type { Machine } from '../../../dataProvider/dataProvider.ts';
import { useFormat } from '../../../common/useFormat.ts';

export function HourMeterCell({ machine }: { machine: Machine }) {
  const translate = useTranslate();
  const format = useFormat();
  if (machine.hourMeter === null) return '–';
  const drifting = translate('app.meters.drifting_short');
  return (
    <Stack alignItems="flex-end">
      <Stack direction="row" alignItems="center" gap={0.5}>
        {machine.meterDrifting ? (
          <Tooltip title={drifting}>
            <SyncProblem color="warning" fontSize="small" aria-label={drifting} />
          </Tooltip>
        ) : null}
        {format.figure(machine.hourMeter, 1)}
      </Stack>
      {machine.hourMeterSource && machine.hourMeterReadAt ? (
        <Typography variant="caption" color="text.secondary" noWrap>
          {translate('app.meters.read_short', {
            source: translate(`app.meters.sources.${machine.hourMeterSource}`),
            time: format.dateTime(machine.hourMeterReadAt),
          })}
        </Typography>
      ) : null}
    </Stack>
  );
}
