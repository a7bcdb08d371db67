// /organisation/integrations (issue 43, docs/integrations.md): where the organisation's other
// systems connect. The token and feed addresses to give them, its API clients (scopes, expiry,
// last token, status) for its admins to make and revoke, a client's secret shown once, when it is
// made; and its webhooks (WebhooksSection).
import { Button, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useCanCall } from '../../common/useCanCall.ts';
import { useFormat } from '../../common/useFormat.ts';
import { apiClientKeys } from '../../dataProvider/apiClients.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { ApiClient } from '../../domain/api/apiClients.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { NewClientDialog } from './NewClientDialog.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import { type Cells, RowsOrBlocks } from './RowsOrBlocks.tsx';

type Status = 'active' | 'revoked' | 'expired';

const statusOf = (client: ApiClient, nowMs: number): Status =>
  client.revokedAt
    ? 'revoked'
    : client.expiresAt && Date.parse(client.expiresAt) <= nowMs
      ? 'expired'
      : 'active';

/** Where a client takes its token and reads the fleet: this portal's own addresses. */
function Addresses() {
  const translate = useTranslate();
  const origin = window.location.origin;
  const rows = [
    ['token_url', `${origin}${endpoints.iso.token}`],
    ['feed_url', `${origin}${endpoints.iso.fleet.replace(':pageNumber', '1')}`],
  ] as const;
  return (
    <Stack gap={0.5}>
      {rows.map(([key, url]) => (
        <Typography key={key} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate(`app.integrations.${key}`)}: <code>{url}</code>
        </Typography>
      ))}
    </Stack>
  );
}

function useClientCells() {
  const translate = useTranslate();
  const format = useFormat();
  const text = (key: string) => translate(`app.integrations.${key}`);
  // The moment the screen opened: a client's expiry is judged against it.
  const [nowMs] = useState(() => Date.now());
  return (client: ApiClient): Cells => {
    const status = statusOf(client, nowMs);
    return [
      [text('name'), client.name],
      [text('client_id'), <code key="id">{client.clientId}</code>],
      [
        text('scopes'),
        client.scopes.map((scope) => text(`scope_${scope.replace(':', '_')}`)).join(', '),
      ],
      [text('expires_at'), client.expiresAt ? format.dateTime(client.expiresAt) : text('never')],
      [text('created_at'), format.dateTime(client.createdAt)],
      [
        text('last_used'),
        client.lastUsedAt ? format.dateTime(client.lastUsedAt) : text('not_used'),
      ],
      [
        text('status'),
        <Chip
          key="status"
          size="small"
          label={text(`status_${status}`)}
          color={status === 'active' ? 'success' : 'default'}
        />,
      ],
    ];
  };
}

function ClientList({
  clients,
  onRevoke,
}: {
  clients: ApiClient[];
  onRevoke: ((client: ApiClient) => void) | null;
}) {
  const translate = useTranslate();
  const cellsOf = useClientCells();
  if (clients.length === 0) {
    return <Typography color="text.secondary">{translate('app.integrations.none')}</Typography>;
  }
  return (
    <RowsOrBlocks
      rows={clients}
      cellsOf={cellsOf}
      testId="api-clients"
      actions={(client) =>
        onRevoke && !client.revokedAt ? (
          <Button size="small" color="error" onClick={() => onRevoke(client)}>
            {translate('app.integrations.revoke')}
          </Button>
        ) : null
      }
    />
  );
}

export function IntegrationsScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const canCall = useCanCall();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [making, setMaking] = useState(false);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const mayManage = canCall('POST', endpoints.organisation.apiClients);
  const { data: clients = [] } = useQuery({
    queryKey: apiClientKeys.all,
    queryFn: ({ signal }) => dataProvider.listApiClients(signal),
    enabled: mayManage,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: apiClientKeys.all });
  const revoke = async (client: ApiClient) => {
    try {
      await dataProvider.revokeApiClient(client.id);
      await reload();
      notify('app.integrations.revoked', { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" data-testid="integrations">
      <Title title={translate('app.integrations.title')} />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>{translate('app.integrations.intro')}</Typography>
        <Addresses />
        <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {translate('app.integrations.clients')}
          </Typography>
          {mayManage ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setMaking(true)}>
              {translate('app.integrations.new')}
            </Button>
          ) : null}
        </Stack>
        {mayManage ? (
          <ClientList clients={clients} onRevoke={setRevoking} />
        ) : (
          <Typography color="text.secondary">
            {translate('app.integrations.admins_only')}
          </Typography>
        )}
        {canCall('POST', endpoints.organisation.webhooks) ? (
          <>
            <Divider />
            <WebhooksSection />
          </>
        ) : null}
      </CardContent>
      {making ? (
        <NewClientDialog onMade={() => void reload()} onClose={() => setMaking(false)} />
      ) : null}
      <Confirm
        isOpen={revoking !== null}
        title={translate('app.integrations.revoke_title', { name: revoking?.name ?? '' })}
        content={translate('app.integrations.revoke_content')}
        onConfirm={() => {
          const client = revoking;
          setRevoking(null);
          if (client) void revoke(client);
        }}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

export default IntegrationsScreen;
