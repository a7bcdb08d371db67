// /sensor/off?sensor={id}: take a sensor out of service from a time (its records from then on stop
// counting for its machine, and are kept), or put it back in service.
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { SensorRecord } from '../../domain/api/sensors.ts';
import { dateTimeInputValue, instantOfInput } from '../../domain/format.ts';
import { links } from '../../domain/paths.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { BatteryReading, StatusChip } from '../../common/DeviceHealth.tsx';
import { When } from '../../common/fields.tsx';
import { useCaller } from '../../common/useCaller.ts';
import { Fact } from '../../common/Fact.tsx';
import { InstantPicker } from '../../common/pickers.tsx';

function SensorPicker({ onPick }: { onPick: (id: string) => void }) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const { data = [], isPending } = useGetList<SensorRecord>('sensors', {
    filter: q ? { q } : {},
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'code', order: 'ASC' },
  });
  return (
    <Autocomplete
      options={data}
      loading={isPending}
      getOptionLabel={(s) => `${s.code}${s.machineName ? ` · ${s.machineName}` : ''}`}
      onInputChange={(_event, value) => setQ(value)}
      onChange={(_event, value) => value && onPick(value.id)}
      renderInput={(params) => (
        <TextField {...params} label={translate('app.devices.service.pick')} />
      )}
      sx={{ maxWidth: 480 }}
    />
  );
}

/** When the sensor last reported, its battery, and since when it is out of service. */
function SensorFacts({ sensor }: { sensor: SensorRecord }) {
  return (
    <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
      <Fact label="resources.sensors.fields.lastSeenAt">
        <When value={sensor.lastSeenAt} />
      </Fact>
      <Fact label="resources.sensors.fields.batteryV">
        <BatteryReading sensor={sensor} />
      </Fact>
      {sensor.status === 'outOfService' ? (
        <Fact label="app.devices.service.since">
          <When value={sensor.outOfServiceAt} />
        </Fact>
      ) : null}
    </Box>
  );
}

function SensorService() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canWrite } = useCaller();
  const [params, setParams] = useSearchParams();
  const id = params.get('sensor') ?? '';
  const timeZone = useTimeZone() ?? 'Europe/London';
  // Until the field is changed, the moment of the click: a minute's rounding would put "back in
  // service" before the "out of service" of a moment ago.
  const [at, setAt] = useState<string | null>(null);
  const shown = at ?? dateTimeInputValue(new Date(), timeZone);
  const instant = at === null ? null : instantOfInput(at, timeZone);
  const [reason, setReason] = useState('');
  const sensor = useQuery({
    queryKey: ['sensors', 'getOne', { id }],
    queryFn: async () => (await dataProvider.getOne<SensorRecord>('sensors', { id })).data,
    enabled: id !== '',
    retry: false,
  });
  const change = useMutation({
    mutationFn: (inService: boolean) =>
      dataProvider.setSensorService(id, inService, {
        at: (instant ?? new Date()).toISOString(),
        ...(reason.trim() && !inService ? { reason: reason.trim() } : {}),
      }),
    onSuccess: async (saved) => {
      setAt(null);
      queryClient.setQueryData(['sensors', 'getOne', { id }], saved);
      await queryClient.invalidateQueries({ queryKey: ['sensors'] });
      notify(
        saved.status === 'outOfService'
          ? 'app.devices.service.taken_out'
          : 'app.devices.service.put_back',
        { type: 'success' },
      );
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const data = sensor.data;
  const outOfService = data?.status === 'outOfService';
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 760 }} data-testid="sensor-service">
      <Typography variant="h5" component="h1">
        {translate('app.devices.service.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.devices.service.explain')}</Typography>
      <SensorPicker onPick={(picked) => setParams({ sensor: picked })} />
      {sensor.isFetching ? <LinearProgress /> : null}
      {sensor.error ? (
        <Alert severity="warning">{translate('app.devices.service.not_found')}</Alert>
      ) : null}
      {data ? (
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" sx={{ flex: 1 }}>
                {data.code} · {data.type}
              </Typography>
              <StatusChip status={data.status} />
            </Box>
            <Typography>
              {data.machineName
                ? translate('app.devices.service.on_machine', { machine: data.machineName })
                : translate('app.devices.sensors.spare')}
            </Typography>
            <SensorFacts sensor={data} />
            {canWrite ? (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <InstantPicker
                  label={translate(
                    outOfService ? 'app.devices.service.back_at' : 'app.devices.service.off_at',
                  )}
                  value={shown}
                  onChange={setAt}
                  sx={{ maxWidth: 280 }}
                />
                {outOfService ? null : (
                  <TextField
                    label={translate('app.devices.service.reason')}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    slotProps={{ htmlInput: { maxLength: 300 } }}
                  />
                )}
                <Box sx={{ display: 'flex', gap: 2 }}>
                  <Button
                    variant="contained"
                    color={outOfService ? 'primary' : 'warning'}
                    disabled={change.isPending || (at !== null && !instant)}
                    onClick={() => change.mutate(outOfService)}
                  >
                    {translate(
                      outOfService
                        ? 'app.devices.service.put_back_action'
                        : 'app.devices.service.take_out_action',
                    )}
                  </Button>
                  <Button component={RouterLink} to={links.sensors()}>
                    {translate('app.devices.sensors.open_list')}
                  </Button>
                </Box>
              </Box>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

export function SensorServiceScreen() {
  return (
    <FeatureGate flag="navigation.sensors">
      <SensorService />
    </FeatureGate>
  );
}

export default SensorServiceScreen;
