// The organisation's integrations tab against a mocked API (issue 43): its API clients with their
// status, a new client whose secret is shown once, and a revocation after confirming; its webhooks
// with their state, a new one, a test send, the delivery log with a replay, switching one on; and
// a viewer, who sees neither.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiClientBody } from '../../src/domain/api/apiClients.ts';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';
import type { Webhook, WebhookBody, WebhookDelivery } from '../../src/domain/api/webhooks.ts';
import { api, me, renderPortal, signedIn } from './portalHarness.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const client = (id: string, name: string, revokedAt: string | null): ApiClient => ({
  id,
  name,
  clientId: `fpc_${id}`,
  scopes: ['iso:read'],
  expiresAt: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  lastUsedAt: revokedAt ? '2026-11-21T08:00:00.000Z' : null,
  revokedAt,
});

describe('integrations', () => {
  it('lists the clients, makes one showing its secret once, and revokes one after confirming', async () => {
    signedIn();
    let clients = [client('c1', 'ERP', null), client('c2', 'Old BI', '2026-11-22T10:00:00.000Z')];
    const made: ApiClientBody[] = [];
    const revoked: string[] = [];
    api.use(
      http.get(anyOrigin(endpoints.organisation.apiClients), () => HttpResponse.json(clients)),
      http.post(anyOrigin(endpoints.organisation.apiClients), async ({ request }) => {
        const body = (await request.json()) as ApiClientBody;
        made.push(body);
        const created = client('c3', body.name, null);
        clients = [created, ...clients];
        return HttpResponse.json(
          { ...created, clientSecret: 'fps_secret-shown-once' },
          { status: 201 },
        );
      }),
      http.delete(anyOrigin(endpoints.organisation.apiClient), ({ params }) => {
        revoked.push(String(params.id));
        clients = clients.map((c) =>
          c.id === params.id ? { ...c, revokedAt: '2026-11-27T10:00:00.000Z' } : c,
        );
        return HttpResponse.json(clients.find((c) => c.id === params.id));
      }),
    );
    await renderPortal('/organisation/integrations');
    const table = await screen.findByTestId('api-clients', {}, { timeout: 10_000 });
    const erp = within(table).getByText('ERP').closest('tr') as HTMLElement;
    expect(within(erp).getByText('Active')).toBeInTheDocument();
    expect(within(erp).getByText('Not yet')).toBeInTheDocument();
    const old = within(table).getByText('Old BI').closest('tr') as HTMLElement;
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.getByText(/\/v1\/iso\/token$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New API client' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dealer poller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByDisplayValue('fps_secret-shown-once')).toBeInTheDocument();
    expect(within(dialog).getByText(/shown this once/)).toBeInTheDocument();
    expect(made).toEqual([{ name: 'Dealer poller', scopes: ['iso:read'], expiresAt: null }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const listed = await screen.findByText('Dealer poller');
    expect(listed).toBeInTheDocument();
    // The secret is nowhere once the dialog is closed.
    expect(screen.queryByDisplayValue('fps_secret-shown-once')).toBeNull();

    await userEvent.click(within(erp).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(revoked).toEqual(['c1']);
    const erpAfter = (await screen.findAllByText('Revoked')).length;
    expect(erpAfter).toBe(2);
  });

  it('lists the webhooks, makes one, tests one, replays a delivery and switches one on', async () => {
    signedIn();
    const failing: Webhook = {
      id: 'w1',
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      eventTypes: ['alert.deviceSilent', 'hire.started'],
      enabled: false,
      disabledReason: 'failing',
      disabledAt: '2026-11-26T10:00:00.000Z',
      createdAt: '2026-11-20T09:30:00.000Z',
      lastDeliveryAt: '2026-11-26T10:00:00.000Z',
      lastDeliveryState: 'failed',
      secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
    };
    let webhooks = [failing];
    const made: WebhookBody[] = [];
    const patched: unknown[] = [];
    const replayed: string[] = [];
    const delivery: WebhookDelivery = {
      id: 'd1',
      eventId: 'e1',
      eventType: 'alert.deviceSilent',
      occurredAt: '2026-11-25T10:00:00.000Z',
      state: 'failed',
      attempts: 11,
      nextAttemptAt: null,
      lastAttemptAt: '2026-11-26T10:00:00.000Z',
      responseStatus: 503,
      latencyMs: 42,
      error: 'the receiver answered 503',
      deliveredAt: null,
      createdAt: '2026-11-25T10:00:01.000Z',
    };
    api.use(
      http.get(anyOrigin(endpoints.organisation.webhooks), () => HttpResponse.json(webhooks)),
      http.post(anyOrigin(endpoints.organisation.webhooks), async ({ request }) => {
        const body = (await request.json()) as WebhookBody;
        made.push(body);
        webhooks = [
          { ...failing, id: 'w2', url: body.url, enabled: true, disabledReason: null },
          ...webhooks,
        ];
        return HttpResponse.json(webhooks[0], { status: 201 });
      }),
      http.patch(anyOrigin(endpoints.organisation.webhook), async ({ request }) => {
        patched.push(await request.json());
        webhooks = webhooks.map((w) =>
          w.id === 'w1' ? { ...w, enabled: true, disabledReason: null } : w,
        );
        return HttpResponse.json(webhooks.find((w) => w.id === 'w1'));
      }),
      http.post(anyOrigin(endpoints.organisation.webhookTest), () =>
        HttpResponse.json({
          ...delivery,
          id: 'd2',
          eventType: 'webhook.test',
          state: 'delivered',
          responseStatus: 200,
        }),
      ),
      http.get(anyOrigin(endpoints.organisation.webhookDeliveries), () =>
        HttpResponse.json([delivery], { headers: { 'content-range': 'deliveries 0-0/1' } }),
      ),
      http.post(anyOrigin(endpoints.organisation.webhookReplay), ({ params }) => {
        replayed.push(String(params.deliveryId));
        return HttpResponse.json({ ...delivery, state: 'pending', attempts: 0 });
      }),
    );
    await renderPortal('/organisation/integrations');
    const table = await screen.findByTestId('webhooks', {}, { timeout: 10_000 });
    const row = within(table).getByText(failing.url).closest('tr') as HTMLElement;
    expect(within(row).getByText('Off after failing')).toBeInTheDocument();
    expect(within(row).getByText('2 events')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test event delivered (answer 200)')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('dialog');
    const logRow = (await within(log).findByText('Device silent')).closest('tr') as HTMLElement;
    expect(within(logRow).getByText('Failed')).toBeInTheDocument();
    expect(within(logRow).getByText('503')).toBeInTheDocument();
    await userEvent.click(within(logRow).getByRole('button', { name: 'Send again' }));
    expect(replayed).toEqual(['d1']);
    await userEvent.click(within(log).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(row).getByRole('button', { name: 'Switch on' }));
    expect(patched).toEqual([{ enabled: true }]);

    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Address' }),
      'https://bi.example.com/in',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'report.ready' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(made).toEqual([
      { url: 'https://bi.example.com/in', description: '', eventTypes: ['report.ready'] },
    ]);
    expect(await screen.findByText('https://bi.example.com/in')).toBeInTheDocument();
  });

  it('shows a viewer neither API clients nor webhooks', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.me.root), () =>
        HttpResponse.json({ ...me, user: { ...me.user, role: 'viewer' } }),
      ),
    );
    await renderPortal('/organisation/integrations');
    expect(
      await screen.findByText(/Only your organisation’s admins/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('webhooks-section')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New API client' })).toBeNull();
  });
});
