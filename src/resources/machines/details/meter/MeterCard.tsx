// A machine's hour meter on its page (issue 41, docs/rental.md "Hour meters"): the meter now with
// its source and reading time, a drift warning, each source's latest reading, the leading source,
// a reading to add (a new meter, a rollover) and the history. Writers of the owner add and choose.
import {
  Alert,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../../dataProvider/dataProvider.ts';
import { METER_LEADS, type MeterLead, type MeterReply } from '../../../../domain/api/meters.ts';
import { useFormat } from '../../../../common/useFormat.ts';
import { useCanCall } from '../../../../common/useCanCall.ts';
import { endpoints } from '../../../../domain/api/endpoints.ts';
import { useMachineWrite } from '../settings/useMachineWrite.ts';
import { MeterReadingForm } from './MeterReadingForm.tsx';
import { MeterHistory } from './MeterHistory.tsx';

export const meterKey = (machineId: string) => ['machine-meter', machineId];

export function MeterCard({
  machineId,
  machineName,
  owner,
}: {
  machineId: string;
  machineName: string;
  owner: boolean;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const canCall = useCanCall();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: meter } = useQuery({
    queryKey: meterKey(machineId),
    queryFn: () => dataProvider.getMeter(machineId),
  });
  const canWrite = owner && canCall('POST', endpoints.portal.machines.meterReadings);
  const hours = (value: number) => format.measure(value, 'h', 2);
  return (
    <Card variant="outlined" data-testid="machine-meter">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6">{translate('app.meters.title')}</Typography>
        {meter ? (
          <>
            <MeterNow meter={meter} />
            {meter.drift?.flagged ? (
              <Alert severity="warning" data-testid="meter-drift">
                {translate('app.meters.drift', {
                  source: translate(`app.meters.sources.${meter.drift.source}`),
                  hours: hours(meter.drift.hours),
                  counted: hours(meter.drift.countedH),
                  threshold: hours(meter.drift.thresholdH),
                })}
              </Alert>
            ) : null}
            {meter.sources.length > 1 ? (
              <TableContainer>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('app.meters.source')}</TableCell>
                      <TableCell align="right">{translate('app.meters.value')}</TableCell>
                      <TableCell>{translate('app.meters.read_at')}</TableCell>
                      <TableCell align="right">{translate('app.meters.offset')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {meter.sources.map((source) => (
                      <TableRow key={source.source}>
                        <TableCell>{translate(`app.meters.sources.${source.source}`)}</TableCell>
                        <TableCell align="right">{hours(source.valueH)}</TableCell>
                        <TableCell>{format.dateTime(source.readAt)}</TableCell>
                        <TableCell align="right">
                          {source.offsetH === null ? '–' : hours(source.offsetH)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
            {canWrite ? <LeadChoice machineId={machineId} lead={meter.lead} /> : null}
            {canWrite ? <MeterReadingForm machineId={machineId} machineName={machineName} /> : null}
            <MeterHistory readings={meter.readings} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The figure now, and where it comes from. */
function MeterNow({ meter }: { meter: MeterReply }) {
  const translate = useTranslate();
  const format = useFormat();
  if (!meter.hourMeter) {
    return <Typography color="text.secondary">{translate('app.meters.none')}</Typography>;
  }
  return (
    <Stack gap={0.5}>
      <Typography variant="h5" component="p" data-testid="meter-now">
        {format.measure(meter.hourMeter.valueH, 'h', 1)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('app.meters.now_from', {
          source: translate(`app.meters.sources.${meter.hourMeter.source}`),
          time: format.dateTime(meter.hourMeter.readAt),
        })}
      </Typography>
    </Stack>
  );
}

function LeadChoice({ machineId, lead }: { machineId: string; lead: MeterLead }) {
  const translate = useTranslate();
  const { run, busy } = useMachineWrite(machineId);
  return (
    <TextField
      select
      size="small"
      label={translate('app.meters.lead')}
      value={lead}
      disabled={busy}
      sx={{ maxWidth: 360 }}
      onChange={(event) =>
        void run((provider) => provider.setMeterLead(machineId, event.target.value as MeterLead))
      }
      slotProps={{ htmlInput: { 'data-testid': 'meter-lead' } }}
    >
      {METER_LEADS.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {translate(`app.meters.leads.${choice}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
