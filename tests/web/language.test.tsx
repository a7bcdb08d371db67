// Switching language relabels the portal and is kept in the web application settings cookie.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, renderPortal, signedIn } from './portalHarness.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

describe('language', () => {
  it('switches the machine list to German and back, keeping the choice in a cookie', async () => {
    const user = userEvent.setup();
    signedIn();
    await renderPortal('/machines');
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByText('Asset ID').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: /English/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('Deutsch'));
    // The column heading, and its name in the column chooser.
    expect((await screen.findAllByText('Inventarnummer')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Vermietet').length).toBeGreaterThan(0);
    expect(decodeURIComponent(document.cookie)).toContain('webAppSettings={"language":"de"}');

    await user.click(screen.getByRole('button', { name: /Deutsch/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('English'));
    expect((await screen.findAllByText('Asset ID')).length).toBeGreaterThan(0);
    expect(decodeURIComponent(document.cookie)).toContain('"language":"en"');
  });

  it('starts in the language the cookie holds', async () => {
    document.cookie = `webAppSettings=${encodeURIComponent(JSON.stringify({ language: 'zh' }))}; Path=/`;
    await renderPortal('/login');
    expect(await screen.findByLabelText(/电子邮件地址/)).toBeInTheDocument();
  });
});
