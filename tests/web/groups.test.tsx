// The machine groups resource against a mocked API: the list, a rename, and a delete confirmed in
// react-admin's dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

describe('machine groups', () => {
  it('lists the groups, renames one and deletes one after confirming', async () => {
    signedIn();
    const groups = [
      { id: 'g1', name: 'Earthmoving', numberOfMachines: 3 },
      { id: 'g2', name: 'Access', numberOfMachines: 0 },
    ];
    const calls: string[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.groups.root), () => HttpResponse.json({ groups })),
      http.put(anyOrigin(endpoints.portal.groups.item), async ({ params, request }) => {
        const { name } = (await request.json()) as { name: string };
        calls.push(`PUT ${String(params.id)} ${name}`);
        const group = groups.find((g) => g.id === params.id);
        if (group) group.name = name;
        return HttpResponse.json(group);
      }),
      http.delete(anyOrigin(endpoints.portal.groups.item), ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        groups.splice(
          groups.findIndex((g) => g.id === params.id),
          1,
        );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderPortal('/groups');
    const access = await screen.findByText('Access', {}, { timeout: 10_000 });
    // Sorted by name.
    const rows = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(rows.findIndex((text) => text.includes('Access'))).toBeLessThan(
      rows.findIndex((text) => text.includes('Earthmoving')),
    );
    await userEvent.click(
      within(access.closest('tr') as HTMLElement).getByRole('button', { name: /Delete/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(calls).toEqual(['DELETE g2']));
    await waitFor(() => expect(screen.queryByText('Access')).toBeNull());

    await userEvent.click(screen.getByText('Earthmoving'));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Groundworks');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toContain('PUT g1 Groundworks'));
    expect(await screen.findByText('Groundworks')).toBeInTheDocument();
  });
});
