// A lazy screen whose code will not load: retried, then the page-load text and a Retry that works.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createI18nProvider, loadMessages } from '../../src/i18n/i18nProvider.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { lazyScreen } from '../../src/lazy/lazyScreen.tsx';

describe('lazyScreen', () => {
  it('retries a failing import, then offers Retry, which loads the screen', async () => {
    await loadMessages('en');
    let attempts = 0;
    let available = false;
    const Screen = lazyScreen(
      async () => {
        attempts++;
        if (!available) throw new Error('chunk failed to load');
        return { default: () => <p>Machines screen</p> };
      },
      { retries: 10, intervalMs: 1 },
    );
    render(
      <AdminContext i18nProvider={createI18nProvider('en', LANGUAGES)}>
        <Screen />
        <Notification />
      </AdminContext>,
    );
    const text = 'There was an error loading the page, please check your connection and try again';
    // Shown in place of the screen and as a notice.
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2), { timeout: 5_000 });
    expect(attempts).toBe(11);

    available = true;
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect(await screen.findByText('Machines screen')).toBeInTheDocument();
  });
});
