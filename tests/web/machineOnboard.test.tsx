// The onboarding screen against a mocked API: the device found by the code in the URL, the field
// the server refuses marked, and the new machine opened once the device is attached.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, machineDetails, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

describe('onboarding', () => {
  it('attaches the device in the URL to a new machine', async () => {
    signedIn();
    const bodies: { machine?: { assetId?: string } }[] = [];
    const claimCodes: (string | null)[] = [];
    api.use(
      http.get(
        anyOrigin(pathTo(endpoints.portal.sources.unassignedItem, { code: '357309059999001' })),
        ({ request }) => {
          claimCodes.push(new URL(request.url).searchParams.get('claimCode'));
          return HttpResponse.json({
            id: 's1',
            type: 'TELTONIKA',
            code: '357309059999001',
            shortCode: null,
            firstSeenAt: '2026-11-10T08:00:00.000Z',
            lastSeenAt: '2026-11-10T09:01:00.000Z',
            records: 62,
          });
        },
      ),
      http.post(anyOrigin(endpoints.portal.machines.onboard), async ({ request }) => {
        const body = (await request.json()) as { machine?: { assetId?: string } };
        bodies.push(body);
        if (!body.machine?.assetId) {
          return HttpResponse.json(
            {
              statusCode: 400,
              code: 'VALIDATION',
              error: 'Bad Request',
              message: 'assetId is mandatory',
              field: 'machine.assetId',
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ machineId: 'm7', sourceId: 's1', records: 62 }, { status: 201 });
      }),
      http.get(anyOrigin(pathTo(endpoints.portal.machines.item, { id: 'm7' })), () =>
        HttpResponse.json(machineDetails({ id: 'm7', name: 'Bomag BW 120' })),
      ),
      http.get(anyOrigin(pathTo(endpoints.machines.activity, { id: 'm7' })), () =>
        HttpResponse.json({ machineId: 'm7', timezone: 'Europe/London', days: [] }),
      ),
    );
    await renderPortal('/machines/onboard?sensor=357309059999001&claim=A1B2C-3D4E5');
    expect(await screen.findByTestId('onboard-source', {}, { timeout: 10_000 })).toHaveTextContent(
      '62 records',
    );
    // The claim code on the label goes with the look-up, and is shown to be changed.
    expect(claimCodes).toContain('A1B2C-3D4E5');
    expect(screen.getByRole('textbox', { name: 'Claim code on the label' })).toHaveValue(
      'A1B2C-3D4E5',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Bomag BW 120');
    await userEvent.click(screen.getByRole('button', { name: 'Attach the device' }));
    expect(await screen.findByText('assetId is mandatory')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Asset ID' }), 'NPH-9100');
    await userEvent.click(screen.getByRole('button', { name: 'Attach the device' }));
    await waitFor(() => expect(window.location.pathname).toBe('/machines/m7'));
    expect(bodies.at(-1)).toEqual({
      sensor: '357309059999001',
      claimCode: 'A1B2C-3D4E5',
      machine: { name: 'Bomag BW 120', assetId: 'NPH-9100' },
    });
  });

  it('says when no unassigned device has the code', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(pathTo(endpoints.portal.sources.unassignedItem, { code: 'nope' })), () =>
        HttpResponse.json(
          { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'x' },
          { status: 404 },
        ),
      ),
    );
    await renderPortal('/machines/onboard?sensor=nope');
    expect(
      await screen.findByText(/No unassigned device has the code nope/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
