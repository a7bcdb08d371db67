// /admin/outbox: the portal's mail, newest first, or only the mail that failed, with why; a failed
// mail can be sent again as it was written. Above it, each organisation's mail over the last day
// against the mail caps.
import { useState } from 'react';
import { Box, Button, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import type { MailCapCounts } from '../../domain/api/admin.ts';
import type { OutboxMail } from '../../dataProvider/admin.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { formatNumber } from '../../domain/format.ts';
import { When } from '../../common/fields.tsx';
import { AdminScreen, Failure } from './AdminShared.tsx';
import { StaffTable } from './StaffTable.tsx';

export default function OutboxPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  // Every mail at first, as the admin home counts them; the switch narrows to the failed ones.
  const [failedOnly, setFailedOnly] = useState(false);
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
      <StaffTable
        label="app.admin.outbox.title"
        rows={outbox.data?.mails ?? []}
        rowKey={(mail) => mail.id}
        columns={[
          { label: 'app.admin.outbox.created', cell: (mail) => <When value={mail.createdAt} /> },
          { label: 'app.admin.outbox.to', cell: (mail) => mail.to },
          { label: 'app.admin.outbox.subject', cell: (mail) => mail.subject },
          { label: 'app.admin.outbox.state', cell: (mail) => <MailState mail={mail} /> },
          {
            cell: (mail) =>
              !mail.sentAt && mail.error ? (
                <Button
                  size="small"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(mail.id)}
                >
                  {translate('app.admin.outbox.retry')}
                </Button>
              ) : null,
          },
        ]}
      />
    </AdminScreen>
  );
}

/** Sent, failed with its reason, or waiting. */
function MailState({ mail }: { mail: OutboxMail }) {
  const translate = useTranslate();
  if (mail.sentAt)
    return <Chip size="small" color="success" label={translate('app.admin.outbox.sent')} />;
  if (mail.error) return <Chip size="small" color="error" label={mail.error} />;
  return <Chip size="small" label={translate('app.admin.outbox.waiting')} />;
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
      <Box sx={{ mb: 3 }}>
        <StaffTable
          label="app.admin.outbox.caps_title"
          rows={counts.organisations}
          rowKey={(row) => row.organisationId}
          empty="app.admin.outbox.caps_none"
          columns={[
            { label: 'app.admin.outbox.organisation', cell: (row) => row.organisationName },
            {
              label: 'app.admin.outbox.members',
              numeric: true,
              cell: (row) =>
                `${number(row.members + row.outside)} / ${number(caps.organisationPerDay)}`,
            },
            {
              label: 'app.admin.outbox.outside',
              numeric: true,
              cell: (row) => `${number(row.outside)} / ${number(caps.outsidePerDay)}`,
            },
            {
              label: 'app.admin.outbox.top_user',
              cell: (row) =>
                row.topUserEmail
                  ? `${row.topUserEmail}: ${number(row.topUserMails)} / ${number(caps.userPerDay)}`
                  : '—',
            },
          ]}
        />
      </Box>
    </>
  );
}
