// The organisation's integrations tab against a mocked API (issue 43): its API clients with their
// status, a new client whose secret is shown once, and a revocation after confirming.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiClientBody } from '../../src/domain/api/apiClients.ts';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';

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
});
