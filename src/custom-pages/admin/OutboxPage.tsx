// /admin/outbox: the portal's mail, newest first, or only the mail that failed, with why; a failed
// mail can be sent again as it was written. Above it, each organisation's mail over the last day
// against the mail caps.
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
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import type { MailCapCounts } from '../../domain/api/admin.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { formatNumber } from '../../domain/format.ts';
import { When } from '../../common/DeviceHealth.tsx';
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
      {outbox.data ? <MailCaps counts={outbox.data.mailCaps} /> : null}
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

/** The caps, and each organisation that asked for mail over the last day, the most first. */
function MailCaps({ counts }: { counts: MailCapCounts }) {
  const translate = useTranslate();
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale, 0);
  const { caps } = counts;
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate('app.admin.outbox.caps_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.admin.outbox.caps', {
          organisation: number(caps.organisationPerDay),
          user: number(caps.userPerDay),
          outside: number(caps.outsidePerDay),
        })}
      </Typography>
      <Table size="small" aria-label={translate('app.admin.outbox.caps_title')} sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.admin.outbox.organisation')}</TableCell>
            <TableCell align="right">{translate('app.admin.outbox.members')}</TableCell>
            <TableCell align="right">{translate('app.admin.outbox.outside')}</TableCell>
            <TableCell>{translate('app.admin.outbox.top_user')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.organisations.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{translate('app.admin.outbox.caps_none')}</TableCell>
            </TableRow>
          ) : null}
          {counts.organisations.map((row) => (
            <TableRow key={row.organisationId}>
              <TableCell>{row.organisationName}</TableCell>
              <TableCell align="right">
                {number(row.members + row.outside)} / {number(caps.organisationPerDay)}
              </TableCell>
              <TableCell align="right">
                {number(row.outside)} / {number(caps.outsidePerDay)}
              </TableCell>
              <TableCell>
                {row.topUserEmail
                  ? `${row.topUserEmail}: ${number(row.topUserMails)} / ${number(caps.userPerDay)}`
                  : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
