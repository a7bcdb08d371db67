// The machine page's Service card: a "not to be used" warning while a safety-critical task is
// overdue; tabs for the machine's tasks with their status and due points, its service history
// (with the invoice and photos), and its hour meter chart by source; "Record service" for the
// owner's writers. A customer reads the status and the services of its hires, without costs.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import Build from '@mui/icons-material/Build';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MaintenanceRow } from '../../domain/api/maintenance.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { useCanCall } from '../../common/useCanCall.ts';
import { usePhone } from '../../common/phone.tsx';
import { Forecast, NextDue, Remaining, ServiceStatusChip, TaskName } from './fields.tsx';
import { MeterChart } from './MeterChart.tsx';
import { ServiceDialog } from './ServiceDialog.tsx';
import { ServiceHistory } from './ServiceHistory.tsx';

const TABS = ['tasks', 'history', 'meter'] as const;
type TabName = (typeof TABS)[number];

/** The machine's tasks: at most a page of them (a machine has a few plans). */
export function useMachineTasks(machineId: string) {
  return useGetList<MaintenanceRow>('maintenance', {
    filter: { machineId: [machineId] },
    sort: { field: 'status', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
}

/** On a phone, each task as a short block: status and task, then its due point and forecast. */
function TaskCards({ rows }: { rows: MaintenanceRow[] }) {
  return (
    <Stack gap={1.5} data-testid="machine-tasks">
      {rows.map((row) => (
        <Stack key={row.id} gap={0.5} data-task={row.task}>
          <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
            <ServiceStatusChip row={row} />
            <TaskName row={row} />
          </Stack>
          <Typography variant="body2" component="div">
            <NextDue row={row} /> · <Remaining row={row} />
          </Typography>
          <Typography variant="body2" component="div">
            <Forecast row={row} />
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function TaskTable({ rows }: { rows: MaintenanceRow[] }) {
  const translate = useTranslate();
  const phone = usePhone();
  const field = (name: string) => translate(`resources.maintenance.fields.${name}`);
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary">{translate('app.maintenance.machine_none')}</Typography>
    );
  }
  if (phone) return <TaskCards rows={rows} />;
  return (
    <TableContainer>
      <Table size="small" data-testid="machine-tasks">
        <TableHead>
          <TableRow>
            <TableCell>{field('status')}</TableCell>
            <TableCell>{field('task')}</TableCell>
            <TableCell>{field('lastDone')}</TableCell>
            <TableCell>{field('nextDue')}</TableCell>
            <TableCell>{field('remainingH')}</TableCell>
            <TableCell>{field('forecastDay')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-task={row.task}>
              <TableCell>
                <ServiceStatusChip row={row} />
              </TableCell>
              <TableCell>
                <TaskName row={row} />
              </TableCell>
              <TableCell>
                <LastDone row={row} />
              </TableCell>
              <TableCell>
                <NextDue row={row} />
              </TableCell>
              <TableCell>
                <Remaining row={row} />
              </TableCell>
              <TableCell>
                <Forecast row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LastDone({ row }: { row: MaintenanceRow }) {
  const translate = useTranslate();
  if (row.lastDoneDay === null) return <span>{translate('app.maintenance.never_done')}</span>;
  return (
    <NextDue
      row={{
        ...row,
        nextDueDay: row.lastDoneDay,
        nextDueMeterH: row.lastDoneMeterH,
        nextDueKm: null,
      }}
    />
  );
}

/** The machine's badge while a safety-critical task is overdue: not to be used. */
export function NotToBeUsedChip({ machineId }: { machineId: string }) {
  const translate = useTranslate();
  const { data: rows = [] } = useMachineTasks(machineId);
  const blocking = rows.find((row) => row.safetyCritical && row.status === 'overdue');
  if (!blocking) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={translate('app.maintenance.not_to_be_used', { task: blocking.task })}
      data-testid="not-to-be-used-badge"
    />
  );
}

export function MachineService({
  machineId,
  machineName,
  owner,
}: {
  machineId: string;
  machineName: string;
  owner: boolean;
}) {
  const translate = useTranslate();
  const canCall = useCanCall();
  const [tab, setTab] = useState<TabName>('tasks');
  const [recording, setRecording] = useState(false);
  const { data: rows = [] } = useMachineTasks(machineId);
  const canRecord = owner && canCall('POST', endpoints.portal.machines.services);
  const blocking = rows.filter((row) => row.safetyCritical && row.status === 'overdue');
  const tasks = rows.map((row) => ({ planId: row.planId, task: row.task }));
  return (
    <Card variant="outlined" data-testid="machine-service" id="service">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {translate('app.maintenance.machine_title')}
          </Typography>
          {canRecord ? (
            <Button startIcon={<Build />} onClick={() => setRecording(true)}>
              {translate('app.maintenance.record')}
            </Button>
          ) : null}
          <Link component={RouterLink} to="/maintenance/plans" underline="hover">
            {translate('app.maintenance.plans_link')}
          </Link>
        </Stack>
        {blocking.map((row) => (
          <Alert key={row.id} severity="error" data-testid="not-to-be-used">
            {translate('app.maintenance.not_to_be_used', { task: row.task })}
          </Alert>
        ))}
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_event, value: TabName) => setTab(value)}
            variant="fullWidth"
          >
            {TABS.map((name) => (
              <Tab key={name} value={name} label={translate(`app.maintenance.tab_${name}`)} />
            ))}
          </Tabs>
        </Box>
        {tab === 'tasks' ? <TaskTable rows={rows} /> : null}
        {tab === 'history' ? (
          <ServiceHistory
            machineId={machineId}
            machineName={machineName}
            tasks={tasks}
            canChange={canRecord}
          />
        ) : null}
        {tab === 'meter' ? <MeterChart machineId={machineId} /> : null}
      </CardContent>
      {recording ? (
        <ServiceDialog
          machineId={machineId}
          machineName={machineName}
          tasks={tasks}
          onClose={() => setRecording(false)}
        />
      ) : null}
    </Card>
  );
}
