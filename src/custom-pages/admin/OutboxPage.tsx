// /admin/outbox: the portal's mail, newest first, or only the mail that failed, with why; a failed
// mail can be sent again as it was written.
import { useState } from 'react';
import {
  Button,
  Chip,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { When } from '../../resources/common/DeviceHealth.tsx';
import { AdminScreen, Failure } from './AdminShared.tsx';

export default function OutboxPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [failedOnly, setFailedOnly] = useState(true);
  const outbox = useQuery({
    queryKey: ['admin', 'outbox', failedOnly],
    queryFn: ({ signal }) => dataProvider.getOutbox(failedOnly, signal),
  });
  const retry = useMutation({
    mutationFn: (id: string) => dataProvider.retryMail(id),
    onSuccess: () => {
      notify('app.admin.outbox.retried', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    },
    onError: (error) =>
      notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
  return (
    <AdminScreen title="app.admin.outbox.title">
      <FormControlLabel
        control={
          <Switch checked={failedOnly} onChange={(event) => setFailedOnly(event.target.checked)} />
        }
        label={translate('app.admin.outbox.failed_only')}
      />
      <Failure error={outbox.error} />
      <Table size="small" aria-label={translate('app.admin.outbox.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.admin.outbox.created')}</TableCell>
            <TableCell>{translate('app.admin.outbox.to')}</TableCell>
            <TableCell>{translate('app.admin.outbox.subject')}</TableCell>
            <TableCell>{translate('app.admin.outbox.state')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {outbox.data?.mails.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell>
                <When value={mail.createdAt} />
              </TableCell>
              <TableCell>{mail.to}</TableCell>
              <TableCell>{mail.subject}</TableCell>
              <TableCell>
                {mail.sentAt ? (
                  <Chip size="small" color="success" label={translate('app.admin.outbox.sent')} />
                ) : mail.error ? (
                  <Chip size="small" color="error" label={mail.error} />
                ) : (
                  <Chip size="small" label={translate('app.admin.outbox.waiting')} />
                )}
              </TableCell>
              <TableCell>
                {!mail.sentAt && mail.error ? (
                  <Button
                    size="small"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(mail.id)}
                  >
                    {translate('app.admin.outbox.retry')}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </AdminScreen>
  );
}
