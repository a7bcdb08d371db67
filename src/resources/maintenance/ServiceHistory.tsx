// A machine's services, booked ones first, then the latest done: when, the task, the meter then,
// who did it, cost and parts, notes, and the invoice and photos to download; the owner's writers
// change or delete one (the task's next due is worked out again).
import {
  Box,
  Button,
  Divider,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { maintenanceKeys, serviceWritten } from '../../dataProvider/maintenance.ts';
import type { ServiceRecord } from '../../domain/api/maintenance.ts';
import { saveBlob } from '../../common/saveBlob.ts';
import { useFirstRows } from '../../common/useFirstRows.tsx';
import { useFormat } from '../../common/useFormat.ts';
import { usePhone } from '../../common/phone.tsx';
import { ServiceDialog, type ServiceTask } from './ServiceDialog.tsx';

const FIRST = 10;
const HEADINGS = [
  'done_at',
  'task',
  'meterH',
  'performed_by',
  'cost',
  'parts',
  'notes',
  'files',
] as const;

interface Props {
  machineId: string;
  machineName: string;
  tasks: ServiceTask[];
  canChange: boolean;
}

function Files({ service }: { service: ServiceRecord }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <Stack>
      {service.files.map((file) => (
        <Link
          key={file.id}
          component="button"
          type="button"
          onClick={async () => saveBlob(await dataProvider.downloadDocument(file.id), file.name)}
        >
          {file.name}
        </Link>
      ))}
    </Stack>
  );
}

/** Deletes a service, then reads the machine's services and the due list again. */
function useDeleteService(machineId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return async (service: ServiceRecord) => {
    try {
      await dataProvider.deleteMachineService(machineId, service.id);
      await serviceWritten(queryClient, machineId);
      notify('app.maintenance.deleted', { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
  };
}

export function ServiceHistory({ machineId, machineName, tasks, canChange }: Props) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [editing, setEditing] = useState<ServiceRecord | null>(null);
  const [deleting, setDeleting] = useState<ServiceRecord | null>(null);
  const { data: services = [] } = useQuery({
    queryKey: maintenanceKeys.services(machineId),
    queryFn: ({ signal }) => dataProvider.getMachineServices(machineId, signal),
  });
  const { shown, more } = useFirstRows(services, FIRST);
  const remove = useDeleteService(machineId);
  const phone = usePhone();
  const text = (key: string) => translate(`app.maintenance.${key}`);

  const heading = (key: (typeof HEADINGS)[number]) =>
    key === 'meterH' ? translate('resources.maintenance.fields.meterH') : text(key);
  /** The service's values under the headings' order. */
  const cellsOf = (service: ServiceRecord): [string, ReactNode][] => {
    const values: Record<(typeof HEADINGS)[number], ReactNode> = {
      done_at: service.doneAt
        ? format.dateTime(service.doneAt)
        : translate('app.maintenance.states.open'),
      task: service.task ?? text('other_task'),
      meterH: service.meterH === null ? '–' : format.measure(service.meterH, 'h', 1),
      performed_by: service.performedBy ?? service.userName ?? '–',
      cost: service.cost === null ? '–' : format.number(service.cost, 2),
      parts: service.parts ?? '',
      notes: service.notes ?? '',
      files: <Files service={service} />,
    };
    return HEADINGS.map((key) => [heading(key), values[key]]);
  };

  if (services.length === 0) {
    return <Typography color="text.secondary">{text('history_none')}</Typography>;
  }
  const actions = (service: ServiceRecord) =>
    canChange ? (
      <Stack direction="row">
        <Button size="small" onClick={() => setEditing(service)}>
          {translate('ra.action.edit')}
        </Button>
        <Button size="small" color="error" onClick={() => setDeleting(service)}>
          {translate('ra.action.delete')}
        </Button>
      </Stack>
    ) : null;
  return (
    <>
      {phone ? (
        <Stack gap={1.5} divider={<Divider />} data-testid="service-history">
          {shown.map((service) => (
            <Stack key={service.id} gap={0.25}>
              {cellsOf(service).map(([label, value]) => (
                <Typography key={label} variant="body2" component="div">
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {label}:{' '}
                  </Box>
                  {value}
                </Typography>
              ))}
              {actions(service)}
            </Stack>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="service-history">
            <TableHead>
              <TableRow>
                {HEADINGS.map((key) => (
                  <TableCell key={key}>{heading(key)}</TableCell>
                ))}
                {canChange ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((service) => (
                <TableRow key={service.id}>
                  {cellsOf(service).map(([label, value]) => (
                    <TableCell key={label} sx={{ whiteSpace: 'pre-wrap' }}>
                      {value}
                    </TableCell>
                  ))}
                  {canChange ? <TableCell>{actions(service)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {more}
      {editing ? (
        <ServiceDialog
          machineId={machineId}
          machineName={machineName}
          tasks={tasks}
          service={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Confirm
        isOpen={deleting !== null}
        title={text('delete_confirm')}
        content=""
        onConfirm={() => {
          setDeleting(null);
          if (deleting) void remove(deleting);
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
