// /sensors (filter): every device of the organisation with its machine, last record, battery and
// signal; and /sensors/dashboard: the fleet's device health at a glance, worst devices first.
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BooleanInput,
  DataTable,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { deviceKeys } from '../../dataProvider/devices.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type {
  SensorDashboardReply,
  SensorHealthCount,
  SensorRecord,
} from '../../domain/api/sensors.ts';
import { BATTERY_STATUSES, SIGNAL_STATUSES, SOURCE_STATUSES } from '../../domain/devices.ts';
import { formatDate } from '../../domain/format.ts';
import { links } from '../../domain/paths.ts';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { useFeature } from '../../settings/useFeature.ts';
import { useCaller } from '../../common/useCaller.ts';
import { FuelTankDialog } from './FuelTankDialog.tsx';
import { LabelSheetButton } from './LabelSheetDialog.tsx';
import {
  BatteryReading,
  signalDetail,
  SignalBars,
  StatusChip,
} from '../../common/DeviceHealth.tsx';
import { When } from '../../common/fields.tsx';
import { useFormat } from '../../common/useFormat.ts';
import { usePhoneFilters } from '../../common/PhoneFilters.tsx';

function useChoices(keys: readonly string[], prefix: string) {
  const translate = useTranslate();
  return keys.map((key) => ({ id: key, name: translate(`${prefix}.${key}`) }));
}

/** The machine or equipment asset a device is on, or that it is spare. */
function MachineCell({ sensor }: { sensor: SensorRecord }) {
  const translate = useTranslate();
  if (sensor.equipmentAssetId)
    return (
      <Link
        component={RouterLink}
        to={links.assetDetails(sensor.equipmentAssetId)}
        onClick={(event) => event.stopPropagation()}
      >
        {sensor.equipmentAssetName}
      </Link>
    );
  if (!sensor.machineId)
    return <Chip size="small" variant="outlined" label={translate('app.devices.sensors.spare')} />;
  return (
    <Link
      component={RouterLink}
      to={links.machine(sensor.machineId)}
      onClick={(event) => event.stopPropagation()}
    >
      {sensor.machineName}
      {sensor.machineAssetId ? ` (${sensor.machineAssetId})` : ''}
    </Link>
  );
}

/** What an admin can do to a device: take it out of service or back, and set its fuel tank. */
function SensorActions({ sensor }: { sensor: SensorRecord }) {
  const translate = useTranslate();
  const fuelOn = useFeature('modules.fuel') === true;
  const [tank, setTank] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      <Button size="small" component={RouterLink} to={links.sensorOff(sensor.id)}>
        {translate(
          sensor.status === 'outOfService'
            ? 'app.devices.service.put_back_action'
            : 'app.devices.service.take_out_action',
        )}
      </Button>
      {fuelOn && !sensor.oem ? (
        <Button size="small" onClick={() => setTank(true)}>
          {translate('app.devices.tank.open')}
        </Button>
      ) : null}
      {tank ? <FuelTankDialog sensor={sensor} onClose={() => setTank(false)} /> : null}
    </Box>
  );
}

export function SensorList() {
  const format = useFormat();
  const { canWrite, isStaff } = useCaller();
  const translate = useTranslate();
  const statuses = useChoices(SOURCE_STATUSES, 'app.devices.status');
  const batteries = useChoices(BATTERY_STATUSES, 'app.devices.battery');
  const signals = useChoices(SIGNAL_STATUSES, 'app.devices.signal');
  return (
    <FeatureGate flag="navigation.sensors">
      <List
        resource="sensors"
        sort={{ field: 'code', order: 'ASC' }}
        exporter={false}
        actions={
          <TopToolbar>
            {isStaff ? <LabelSheetButton /> : null}
            <Button
              component={RouterLink}
              to={links.sensorsDashboard()}
              startIcon={<MonitorHeart />}
            >
              {translate('app.devices.sensors.dashboard_title')}
            </Button>
          </TopToolbar>
        }
        filters={usePhoneFilters([
          <SearchInput key="q" source="q" alwaysOn />,
          <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
          <SelectInput key="batteryStatus" source="batteryStatus" choices={batteries} alwaysOn />,
          <SelectInput key="signalStatus" source="signalStatus" choices={signals} alwaysOn />,
          <BooleanInput key="assigned" source="assigned" />,
        ])}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="code">
            <FunctionField<SensorRecord>
              render={(s) => (
                <span data-code={s.code}>
                  {s.code}
                  {s.shortCode ? ` · ${s.shortCode}` : ''}
                </span>
              )}
            />
          </DataTable.Col>
          <DataTable.Col source="type" />
          <DataTable.Col source="machineName">
            <FunctionField<SensorRecord> render={(s) => <MachineCell sensor={s} />} />
          </DataTable.Col>
          <DataTable.Col source="status">
            <FunctionField<SensorRecord> render={(s) => <StatusChip status={s.status} />} />
          </DataTable.Col>
          <DataTable.Col source="lastSeenAt">
            <FunctionField<SensorRecord> render={(s) => <When value={s.lastSeenAt} />} />
          </DataTable.Col>
          <DataTable.Col source="batteryV">
            <FunctionField<SensorRecord> render={(s) => <BatteryReading sensor={s} />} />
          </DataTable.Col>
          <DataTable.Col source="signalBars">
            <FunctionField<SensorRecord>
              render={(s) => <SignalBars bars={s.signalBars} detail={signalDetail(s, format)} />}
            />
          </DataTable.Col>
          {canWrite ? (
            <DataTable.Col label={false} disableSort>
              <FunctionField<SensorRecord> render={(s) => <SensorActions sensor={s} />} />
            </DataTable.Col>
          ) : null}
        </DataTable>
      </List>
    </FeatureGate>
  );
}

/** Each count card opens the list filtered to what it counts. */
const COUNT_FILTERS: Partial<Record<SensorHealthCount, Record<string, unknown>>> = {
  total: {},
  reporting: { status: 'reporting' },
  late: { status: 'late' },
  silent: { status: 'silent' },
  never: { status: 'never' },
  outOfService: { status: 'outOfService' },
  lowBattery: { batteryStatus: 'low' },
  weakSignal: { signalStatus: 'weak' },
  unassigned: { assigned: false },
};

const TREND_LINES = [
  { key: 'reporting', colour: '#2e7d32' },
  { key: 'lowBattery', colour: '#ed6c02' },
  { key: 'weakSignal', colour: '#c62828' },
] as const;

/** Day by day, how many sensors reported, ran low on battery, or had a weak signal. */
function HealthTrend({ trend }: { trend: SensorDashboardReply['trend'] }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">{translate('app.devices.sensors.trend_title')}</Typography>
        <Box sx={{ height: 260 }} data-testid="health-trend">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={trend} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="day"
                tickFormatter={(day: string) => formatDate(`${day}T12:00:00`, language)}
                minTickGap={24}
              />
              <YAxis width={40} allowDecimals={false} />
              <Tooltip labelFormatter={(day) => formatDate(`${String(day)}T12:00:00`, language)} />
              <Legend />
              {TREND_LINES.map((line) => (
                <Line
                  key={line.key}
                  dataKey={line.key}
                  name={translate(`app.devices.sensors.counts.${line.key}`)}
                  stroke={line.colour}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

function SensorDashboard() {
  const translate = useTranslate();
  const format = useFormat();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const health = useQuery({
    queryKey: deviceKeys.sensorDashboard,
    queryFn: ({ signal }) => dataProvider.getSensorDashboard(signal),
    refetchInterval: 60_000,
  });
  const data = health.data;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }} data-testid="sensor-dashboard">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate('app.devices.sensors.dashboard_title')}
        </Typography>
        <Button component={RouterLink} to={links.sensors()}>
          {translate('app.devices.sensors.open_list')}
        </Button>
      </Box>
      {health.isPending ? <LinearProgress /> : null}
      {health.error ? (
        <Alert severity="error">{translate('app.devices.sensors.load_failed')}</Alert>
      ) : null}
      {data ? (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            }}
          >
            {(Object.keys(COUNT_FILTERS) as SensorHealthCount[]).map((key) => (
              <Card key={key} variant="outlined" data-count={key}>
                <CardActionArea onClick={() => void navigate(links.sensors(COUNT_FILTERS[key]))}>
                  <CardContent>
                    <Typography variant="h4">{data.counts[key]}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate(`app.devices.sensors.counts.${key}`)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h6">{translate('app.devices.sensors.worst_title')}</Typography>
              {data.worst.length === 0 ? (
                <Typography color="text.secondary">
                  {translate('app.devices.sensors.none_worst')}
                </Typography>
              ) : (
                <TableContainer>
                  <Table size="small" data-testid="worst-devices">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('resources.sensors.fields.code')}</TableCell>
                        <TableCell>{translate('resources.sensors.fields.machineName')}</TableCell>
                        <TableCell>{translate('app.devices.sensors.problems_title')}</TableCell>
                        <TableCell>{translate('resources.sensors.fields.batteryV')}</TableCell>
                        <TableCell>{translate('resources.sensors.fields.signalBars')}</TableCell>
                        <TableCell>{translate('resources.sensors.fields.lastSeenAt')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.worst.map(({ sensor, problems }) => (
                        <TableRow key={sensor.id} data-code={sensor.code}>
                          <TableCell>
                            {sensor.code}{' '}
                            <Typography component="span" variant="caption">
                              {sensor.type}
                            </Typography>
                          </TableCell>
                          <TableCell>
                            <MachineCell sensor={sensor} />
                          </TableCell>
                          <TableCell>
                            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                              {problems.map((problem) => (
                                <Chip
                                  key={problem}
                                  size="small"
                                  color="warning"
                                  label={translate(`app.devices.sensors.problems.${problem}`)}
                                />
                              ))}
                            </Box>
                          </TableCell>
                          <TableCell>
                            <BatteryReading sensor={sensor} />
                          </TableCell>
                          <TableCell>
                            <SignalBars
                              bars={sensor.signalBars}
                              detail={signalDetail(sensor, format)}
                            />
                          </TableCell>
                          <TableCell>
                            <When value={sensor.lastSeenAt} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
          <HealthTrend trend={data.trend} />
        </>
      ) : null}
    </Box>
  );
}

export function SensorDashboardScreen() {
  return (
    <FeatureGate flag="navigation.sensors">
      <SensorDashboard />
    </FeatureGate>
  );
}
