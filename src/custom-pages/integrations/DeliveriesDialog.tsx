// A webhook's delivery log (issue 43): the newest deliveries with their state, attempts, the
// receiver's answer and time, the next try of a pending one, and "Send again" on each.
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { usePhone } from '../../common/phone.tsx';
import { useFormat } from '../../common/useFormat.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { webhookKeys } from '../../dataProvider/webhooks.ts';
import {
  WEBHOOK_DELIVERY_STATES,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '../../domain/api/webhooks.ts';
import { useEventName } from './NewWebhookDialog.tsx';
import { type Cells, RowsOrBlocks } from './RowsOrBlocks.tsx';

const STATE_COLOURS = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function useDeliveryCells() {
  const translate = useTranslate();
  const format = useFormat();
  const eventName = useEventName();
  const text = (key: string) => translate(`app.webhooks.${key}`);
  return (delivery: WebhookDelivery): Cells => [
    [text('event'), eventName(delivery.eventType)],
    [text('occurred'), format.dateTime(delivery.occurredAt)],
    [
      text('state'),
      <Chip
        key="state"
        size="small"
        color={STATE_COLOURS[delivery.state]}
        label={text(`state_${delivery.state}`)}
      />,
    ],
    [text('attempts'), format.number(delivery.attempts, 0)],
    [text('answer'), delivery.responseStatus ?? delivery.error ?? text('no_answer')],
    [
      text('latency'),
      delivery.latencyMs === null ? '' : format.measure(delivery.latencyMs, 'ms', 0),
    ],
    [text('next_attempt'), delivery.nextAttemptAt ? format.dateTime(delivery.nextAttemptAt) : ''],
  ];
}

export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = usePhone();
  const format = useFormat();
  const cellsOf = useDeliveryCells();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [state, setState] = useState<WebhookDeliveryState | null>(null);
  const key = webhookKeys.deliveries(webhook.id, state);
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dataProvider.listWebhookDeliveries(webhook.id, state, signal),
  });
  const replay = async (delivery: WebhookDelivery) => {
    try {
      await dataProvider.replayWebhookDelivery(webhook.id, delivery.id);
      notify('app.webhooks.replayed', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
  };
  const rows = data?.rows ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.webhooks.deliveries_title', { url: webhook.url })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          select
          size="small"
          label={translate('app.webhooks.state')}
          value={state ?? 'all'}
          onChange={(event) =>
            setState(
              event.target.value === 'all' ? null : (event.target.value as WebhookDeliveryState),
            )
          }
          sx={{ maxWidth: 220, mt: 1 }}
        >
          {(['all', ...WEBHOOK_DELIVERY_STATES] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`app.webhooks.state_${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {data && rows.length === 0 ? (
          <Typography color="text.secondary">{translate('app.webhooks.no_deliveries')}</Typography>
        ) : null}
        {rows.length > 0 ? (
          <RowsOrBlocks
            rows={rows}
            cellsOf={cellsOf}
            testId="webhook-deliveries"
            actions={(delivery) =>
              delivery.state === 'pending' ? null : (
                <Button size="small" onClick={() => void replay(delivery)}>
                  {translate('app.webhooks.replay')}
                </Button>
              )
            }
          />
        ) : null}
        {data && data.total > rows.length ? (
          <Typography variant="caption" color="text.secondary">
            {translate('app.webhooks.shown', {
              shown: format.number(rows.length, 0),
              total: format.number(data.total, 0),
            })}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.webhooks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
