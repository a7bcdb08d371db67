// The connectivity indicator and the generic error screen.
import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, loadMessages } from '../../src/i18n/i18nProvider.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { ConnectivityIndicator } from '../../src/layout/ConnectivityIndicator.tsx';
import { ErrorPage } from '../../src/layout/ErrorPage.tsx';

beforeAll(() => loadMessages('en'));
afterEach(() => vi.restoreAllMocks());

const renderInAdmin = (element: React.ReactNode) =>
  render(<AdminContext i18nProvider={createI18nProvider('en', LANGUAGES)}>{element}</AdminContext>);

describe('connectivity indicator', () => {
  it('follows the browser going offline and online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderInAdmin(<ConnectivityIndicator />);
    expect(screen.getByTestId('connectivity')).toHaveTextContent('Online');
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('connectivity')).toHaveTextContent('Offline');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByTestId('connectivity')).toHaveTextContent('Online');
  });
});

describe('error screen', () => {
  it('says we hit a speed bump and offers a reload', () => {
    renderInAdmin(<ErrorPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('We have hit a speed bump!');
    expect(
      screen.getByRole('button', { name: 'Click here to reload the page' }),
    ).toBeInTheDocument();
  });
});
