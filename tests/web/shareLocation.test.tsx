// Sharing a location against a mocked API: the dialog's checks, what it sends and shows back;
// the read-only page a link opens, without a session, and its expired and unknown states.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLocationReply, SharedLocationReply } from '../../src/domain/api/share.ts';
import { createI18nProvider, loadMessages } from '../../src/i18n/i18nProvider.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { createProviders } from '../../src/providers.ts';
import { ShareLocationDialog } from '../../src/custom-pages/fleet-map/ShareLocationDialog.tsx';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const shared: SharedLocationReply = {
  machine: { name: 'JCB 3CX', assetId: 'NPH-0001' },
  organisation: 'Northbank Plant Hire',
  location: { latitude: 51.529, longitude: -0.276, lastUpdated: '2026-11-20T10:00:00.000Z' },
  expiresAt: '2026-11-21T10:00:00.000Z',
  layers: [],
};

async function renderDialog() {
  signedIn();
  await loadMessages('en');
  const i18nProvider = createI18nProvider('en', LANGUAGES);
  const { dataProvider } = createProviders(i18nProvider);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ShareLocationDialog machine={{ id: 'm1', name: 'JCB 3CX' }} onClose={() => undefined} />
    </AdminContext>,
  );
}

describe('sharing a location', () => {
  it('checks the recipients, sends them, and shows the link and the WhatsApp buttons', async () => {
    const bodies: unknown[] = [];
    api.use(
      http.post(
        anyOrigin(pathTo(endpoints.portal.maps.shareLatestLocationItem, { id: 'm1' })),
        async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json<ShareLocationReply>({
            url: 'http://portal.example/shared/location/abc',
            expiresAt: '2026-11-21T10:00:00.000Z',
            emailed: ['a@b.example'],
            whatsappLinks: [{ number: '+447700900123', url: 'https://wa.me/447700900123?text=hi' }],
          });
        },
      ),
    );
    await renderDialog();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByText(/Give at least one e-mail address/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('E-mail addresses'), 'a@b.example, nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByText('Not an e-mail address: nope')).toBeVisible();
    expect(bodies).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('E-mail addresses'));
    await userEvent.type(within(dialog).getByLabelText('E-mail addresses'), 'a@b.example');
    await userEvent.type(within(dialog).getByLabelText('WhatsApp numbers'), '+44 7700 900123');
    await userEvent.click(within(dialog).getByLabelText('Send me a copy'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    const result = await within(dialog).findByTestId('share-result');
    expect(bodies).toEqual([
      { emailList: ['a@b.example'], whatsappNumberList: ['+44 7700 900123'], includeSelf: true },
    ]);
    expect(within(result).getByText('E-mailed to a@b.example.')).toBeVisible();
    expect(within(result).getByRole('link', { name: /shared\/location\/abc/ })).toHaveAttribute(
      'href',
      'http://portal.example/shared/location/abc',
    );
    expect(
      within(result).getByRole('link', { name: 'Send on WhatsApp to +447700900123' }),
    ).toHaveAttribute('href', 'https://wa.me/447700900123?text=hi');
  });

  it('opens the shared page without a session', async () => {
    localStorage.clear();
    api.use(
      http.get(anyOrigin(pathTo(endpoints.shared.latestLocationItem, { token: 'tok' })), () =>
        HttpResponse.json(shared),
      ),
    );
    await renderPortal('/shared/location/tok');
    const page = await screen.findByTestId('shared-location', {}, { timeout: 10_000 });
    expect(within(page).getByText('JCB 3CX · NPH-0001')).toBeVisible();
    expect(within(page).getByText(/Shared by Northbank Plant Hire/)).toBeVisible();
  });

  it('says when the shared link has expired or is not known', async () => {
    localStorage.clear();
    api.use(
      http.get(anyOrigin(pathTo(endpoints.shared.latestLocationItem, { token: 'old' })), () =>
        HttpResponse.json({ statusCode: 410, code: 'GONE', message: 'expired' }, { status: 410 }),
      ),
      http.get(anyOrigin(pathTo(endpoints.shared.latestLocationItem, { token: 'who' })), () =>
        HttpResponse.json({ statusCode: 404, code: 'NOT_FOUND', message: 'no' }, { status: 404 }),
      ),
    );
    const first = await renderPortal('/shared/location/old');
    await waitFor(
      () => expect(screen.getByTestId('shared-location-failed')).toHaveTextContent(/expired/),
      { timeout: 10_000 },
    );
    first.unmount();
    await renderPortal('/shared/location/who');
    await waitFor(() =>
      expect(screen.getByTestId('shared-location-failed')).toHaveTextContent(
        'This link is not known.',
      ),
    );
  });
});
