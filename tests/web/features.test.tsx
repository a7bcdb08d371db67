// An organisation's switches in the portal: a navigation entry or module switched off leaves the
// menu, its screen says it is not enabled, and its parts of other screens are not offered; the
// organisation's type decides the columns that mean something.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, me, renderPortal, settings, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

function switchedOff() {
  api.use(
    http.get(anyOrigin(endpoints.users.settings), () =>
      HttpResponse.json({
        ...settings,
        navigation: { ...settings.navigation, routes: false, sites: false },
        modules: { ...settings.modules, speed: false },
      }),
    ),
  );
}

describe('organisation switches', () => {
  it('leaves switched-off entries out of the menu', async () => {
    switchedOff();
    signedIn();
    await renderPortal('/machines');
    await screen.findByRole('menuitem', { name: 'Fleet map' }, { timeout: 10_000 });
    expect(screen.queryByRole('menuitem', { name: 'Routes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Sites' })).not.toBeInTheDocument();
  });

  it('says a switched-off screen is not enabled, without calling its API', async () => {
    switchedOff();
    signedIn();
    await renderPortal('/sites/portal');
    expect(
      await screen.findByText('Not enabled for your organisation', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows the entries that are on', async () => {
    signedIn();
    await renderPortal('/machines');
    expect(
      await screen.findByRole('menuitem', { name: 'Routes' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sites' })).toBeInTheDocument();
  });

  it('shows a contractor no customer column, and a rental company one', async () => {
    signedIn();
    const { unmount } = await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    expect(screen.getByRole('columnheader', { name: /^Customer/ })).toBeInTheDocument();
    unmount();

    api.use(
      http.get(anyOrigin(endpoints.me.root), () =>
        HttpResponse.json({
          ...me,
          organisation: { ...me.organisation, type: 'end-user', rental: false },
        }),
      ),
    );
    await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    expect(screen.queryByRole('columnheader', { name: /^Customer/ })).not.toBeInTheDocument();
  });
});
