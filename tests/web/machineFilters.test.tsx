// The machine list's filters panel against a mocked API: options per category, the encoded filter
// sent with the list call, and saving a filter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FiltersReply } from '../../src/domain/api/filters.ts';
import { FILTER_CATEGORIES } from '../../src/domain/filters.ts';
import { api, machineList, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const filters: FiltersReply = {
  filters: FILTER_CATEGORIES.map(({ key, name }) => ({
    id: key,
    name,
    options:
      key === 'source'
        ? ['LORA', 'TELTONIKA'].map((k) => ({
            id: `source:${k}`,
            group: 'source',
            key: k,
            name: k,
            label: k,
          }))
        : [],
  })),
};

describe('machine filters', () => {
  it('filters the list by a chosen option and saves the selection', async () => {
    signedIn();
    const listFilters: (string | null)[] = [];
    const savedBodies: unknown[] = [];
    let saved: { filterID: string; name: string; label: string; filters: string }[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.machines.list), ({ request }) => {
        listFilters.push(new URL(request.url).searchParams.get('filter'));
        return HttpResponse.json(machineList);
      }),
      http.get(anyOrigin(endpoints.portal.filters.root), () => HttpResponse.json(filters)),
      http.get(anyOrigin(endpoints.portal.filters.saved), () =>
        HttpResponse.json({ savedFilters: saved }),
      ),
      http.post(anyOrigin(endpoints.portal.filters.saved), async ({ request }) => {
        const url = new URL(request.url);
        const body = (await request.json()) as { filters: string };
        savedBodies.push({
          name: url.searchParams.get('name'),
          label: url.searchParams.get('label'),
          ...body,
        });
        saved = [{ filterID: 'f1', name: 'LoRa fleet', label: 'machines', filters: body.filters }];
        return HttpResponse.json({ filterID: 'f1', name: 'LoRa fleet' });
      }),
    );
    await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const source = await screen.findByRole('combobox', { name: 'Source' });
    // Categories without options are not offered.
    expect(screen.queryByRole('combobox', { name: 'Shift' })).toBeNull();
    await userEvent.click(source);
    await userEvent.click(await screen.findByRole('option', { name: 'LORA' }));
    await waitFor(() => expect(listFilters).toContain('source:LORA'));

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Save these filters as' }),
      'LoRa fleet',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedBodies).toEqual([
        { name: 'LoRa fleet', label: 'machines', filters: 'source:LORA' },
      ]),
    );
    expect(await screen.findByText('Chosen filters are successfully saved')).toBeInTheDocument();
    expect(
      await within(screen.getByTestId('saved-filters')).findByText('LoRa fleet'),
    ).toBeInTheDocument();
    // The open panel hides the page from assistive technology; the toggle shows one group chosen.
    expect(screen.getByRole('button', { name: /Filters \(1\)/, hidden: true })).toBeInTheDocument();
  });

  it('shows the saved filters kept in the browser when the server cannot give them', async () => {
    signedIn();
    localStorage.setItem(
      'fleet-portal.saved-filters.u1.machines',
      JSON.stringify({
        savedFilters: [
          { filterID: 'f9', name: 'Kept here', label: 'machines', filters: 'source:LORA' },
        ],
      }),
    );
    api.use(
      http.get(anyOrigin(endpoints.portal.filters.root), () => HttpResponse.json(filters)),
      http.get(anyOrigin(endpoints.portal.filters.saved), () =>
        HttpResponse.json(
          { statusCode: 503, code: 'UNAVAILABLE', error: 'x', message: 'x' },
          { status: 503 },
        ),
      ),
    );
    await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(
      await within(await screen.findByTestId('saved-filters')).findByText('Kept here'),
    ).toBeInTheDocument();
    localStorage.clear();
  });
});
