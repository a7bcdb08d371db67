// The webhooks part of /organisation/integrations (issue 43): each subscription with its address,
// events, state and last delivery, and for its admins a new one, a test send, the delivery log,
// switching it on and off, its signing secret and deleting it.
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../../common/useFormat.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { webhookKeys } from '../../dataProvider/webhooks.ts';
import type { Webhook } from '../../domain/api/webhooks.ts';
import { Copyable } from './Copyable.tsx';
import { type Cells, RowsOrBlocks } from './RowsOrBlocks.tsx';
import { DeliveriesDialog } from './DeliveriesDialog.tsx';
import { NewWebhookDialog, useEventName } from './NewWebhookDialog.tsx';

function StatusChip({ webhook }: { webhook: Webhook }) {
  const translate = useTranslate();
  const format = useFormat();
  const status = webhook.enabled ? 'on' : webhook.disabledReason === 'failing' ? 'failing' : 'off';
  const chip = (
    <Chip
      size="small"
      label={translate(`app.webhooks.status_${status}`)}
      color={status === 'on' ? 'success' : status === 'failing' ? 'error' : 'default'}
    />
  );
  return status === 'failing' && webhook.disabledAt ? (
    <Tooltip
      title={translate('app.webhooks.failing_help', { date: format.dateTime(webhook.disabledAt) })}
    >
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

function useWebhookCells() {
  const translate = useTranslate();
  const format = useFormat();
  const eventName = useEventName();
  const text = (key: string) => translate(`app.webhooks.${key}`);
  return (webhook: Webhook): Cells => [
    [
      text('url'),
      <Box key="url" sx={{ overflowWrap: 'anywhere' }}>
        <code>{webhook.url}</code>
        {webhook.description ? (
          <Typography variant="body2" color="text.secondary">
            {webhook.description}
          </Typography>
        ) : null}
      </Box>,
    ],
    [
      text('events'),
      <Tooltip key="events" title={webhook.eventTypes.map(eventName).join(', ')}>
        <span>
          {translate('app.webhooks.events_count', { smart_count: webhook.eventTypes.length })}
        </span>
      </Tooltip>,
    ],
    [text('status'), <StatusChip key="status" webhook={webhook} />],
    [
      text('last_delivery'),
      webhook.lastDeliveryAt
        ? `${format.dateTime(webhook.lastDeliveryAt)} · ${text(`state_${webhook.lastDeliveryState ?? 'pending'}`)}`
        : text('not_yet'),
    ],
  ];
}

/** What an admin may do to a webhook; each action calls back to the section. */
interface Actions {
  test(webhook: Webhook): void;
  deliveries(webhook: Webhook): void;
  toggle(webhook: Webhook): void;
  secret(webhook: Webhook): void;
  remove(webhook: Webhook): void;
}

function ActionButtons({ webhook, actions }: { webhook: Webhook; actions: Actions }) {
  const translate = useTranslate();
  const text = (key: string) => translate(`app.webhooks.${key}`);
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      <Button size="small" onClick={() => actions.test(webhook)}>
        {text('test')}
      </Button>
      <Button size="small" onClick={() => actions.deliveries(webhook)}>
        {text('deliveries')}
      </Button>
      <Button size="small" onClick={() => actions.secret(webhook)}>
        {text('show_secret')}
      </Button>
      <Button size="small" onClick={() => actions.toggle(webhook)}>
        {text(webhook.enabled ? 'switch_off' : 'switch_on')}
      </Button>
      <Button size="small" color="error" onClick={() => actions.remove(webhook)}>
        {text('delete')}
      </Button>
    </Stack>
  );
}

function WebhookList({ webhooks, actions }: { webhooks: Webhook[]; actions: Actions }) {
  const translate = useTranslate();
  const cellsOf = useWebhookCells();
  if (webhooks.length === 0) {
    return <Typography color="text.secondary">{translate('app.webhooks.none')}</Typography>;
  }
  return (
    <RowsOrBlocks
      rows={webhooks}
      cellsOf={cellsOf}
      testId="webhooks"
      actions={(webhook) => <ActionButtons webhook={webhook} actions={actions} />}
    />
  );
}

function SecretDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.webhooks.secret')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Typography variant="body2">{translate('app.webhooks.secret_help')}</Typography>
        <Copyable label={translate('app.webhooks.secret')} value={webhook.secret} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.webhooks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

type Open = { kind: 'deliveries' | 'secret' | 'remove'; webhook: Webhook } | { kind: 'new' } | null;

export function WebhooksSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState<Open>(null);
  const { data: webhooks = [] } = useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => dataProvider.listWebhooks(signal),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  /** Runs a call, then says how it went and reloads the list. */
  const act = async (call: () => Promise<string>) => {
    try {
      notify(await call(), { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
    await reload();
  };
  const actions: Actions = {
    test: (webhook) =>
      void act(async () => {
        const sent = await dataProvider.testWebhook(webhook.id);
        if (sent.state !== 'delivered')
          throw new Error(translate('app.webhooks.test_failed', { error: sent.error ?? '' }));
        return translate('app.webhooks.tested', { status: sent.responseStatus ?? '' });
      }),
    deliveries: (webhook) => setOpen({ kind: 'deliveries', webhook }),
    toggle: (webhook) =>
      void act(async () => {
        await dataProvider.updateWebhook(webhook.id, { enabled: !webhook.enabled });
        return translate(
          webhook.enabled ? 'app.webhooks.switched_off' : 'app.webhooks.switched_on',
        );
      }),
    secret: (webhook) => setOpen({ kind: 'secret', webhook }),
    remove: (webhook) => setOpen({ kind: 'remove', webhook }),
  };
  const removing = open?.kind === 'remove' ? open.webhook : null;
  return (
    <Stack gap={2} data-testid="webhooks-section">
      <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {translate('app.webhooks.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ kind: 'new' })}>
          {translate('app.webhooks.new')}
        </Button>
      </Stack>
      <Typography variant="body2">{translate('app.webhooks.intro')}</Typography>
      <WebhookList webhooks={webhooks} actions={actions} />
      {open?.kind === 'new' ? (
        <NewWebhookDialog
          onMade={() => void act(async () => translate('app.webhooks.created'))}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'deliveries' ? (
        <DeliveriesDialog webhook={open.webhook} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'secret' ? (
        <SecretDialog webhook={open.webhook} onClose={() => setOpen(null)} />
      ) : null}
      <Confirm
        isOpen={removing !== null}
        title={translate('app.webhooks.delete_title', { url: removing?.url ?? '' })}
        content={translate('app.webhooks.delete_content')}
        onConfirm={() => {
          setOpen(null);
          if (removing)
            void act(async () => {
              await dataProvider.deleteWebhook(removing.id);
              return translate('app.webhooks.deleted');
            });
        }}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
