// A machine's services, booked ones first, then the latest done: when, the task, the meter then,
// who did it, cost and parts, notes, and the invoice and photos to download; the owner's writers
// change or delete one (the task's next due is worked out again).
import {
  Button,
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
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { maintenanceKeys } from '../../dataProvider/maintenance.ts';
import type { ServiceRecord } from '../../domain/api/maintenance.ts';
import { saveBlob } from '../../common/saveBlob.ts';
import { useFirstRows } from '../../common/useFirstRows.tsx';
import { useFormat } from '../../common/useFormat.ts';
import { ServiceDialog, type ServiceTask } from './ServiceDialog.tsx';

const FIRST = 10;

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

export function ServiceHistory({ machineId, machineName, tasks, canChange }: Props) {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [editing, setEditing] = useState<ServiceRecord | null>(null);
  const [deleting, setDeleting] = useState<ServiceRecord | null>(null);
  const { data: services = [] } = useQuery({
    queryKey: maintenanceKeys.services(machineId),
    queryFn: ({ signal }) => dataProvider.getMachineServices(machineId, signal),
  });
  const { shown, more } = useFirstRows(services, FIRST);
  const text = (key: string) => translate(`app.maintenance.${key}`);

  const remove = async (service: ServiceRecord) => {
    setDeleting(null);
    try {
      await dataProvider.deleteMachineService(machineId, service.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: maintenanceKeys.services(machineId) }),
        queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
      ]);
      notify('app.maintenance.deleted', { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
  };

  if (services.length === 0) {
    return <Typography color="text.secondary">{text('history_none')}</Typography>;
  }
  return (
    <>
      <TableContainer>
        <Table size="small" data-testid="service-history">
          <TableHead>
            <TableRow>
              <TableCell>{text('done_at')}</TableCell>
              <TableCell>{text('task')}</TableCell>
              <TableCell>{translate('resources.maintenance.fields.meterH')}</TableCell>
              <TableCell>{text('performed_by')}</TableCell>
              <TableCell>{text('cost')}</TableCell>
              <TableCell>{text('parts')}</TableCell>
              <TableCell>{text('notes')}</TableCell>
              <TableCell>{text('files')}</TableCell>
              {canChange ? <TableCell /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((service) => (
              <TableRow key={service.id}>
                <TableCell>
                  {service.doneAt
                    ? format.dateTime(service.doneAt)
                    : translate('app.maintenance.states.open')}
                </TableCell>
                <TableCell>{service.task ?? text('other_task')}</TableCell>
                <TableCell>
                  {service.meterH === null ? '–' : format.measure(service.meterH, 'h', 1)}
                </TableCell>
                <TableCell>{service.performedBy ?? service.userName ?? '–'}</TableCell>
                <TableCell>
                  {service.cost === null ? '–' : format.number(service.cost, 2)}
                </TableCell>
                <TableCell>{service.parts ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{service.notes ?? ''}</TableCell>
                <TableCell>
                  <Files service={service} />
                </TableCell>
                {canChange ? (
                  <TableCell>
                    <Stack direction="row">
                      <Button size="small" onClick={() => setEditing(service)}>
                        {translate('ra.action.edit')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(service)}>
                        {translate('ra.action.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
        onConfirm={() => (deleting ? void remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
