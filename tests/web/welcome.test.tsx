// A first-time user (no lastLogin) gets the walkthrough above the screen, can step through it and
// close it for good; a returning user never sees it; settings that cannot load say so.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, me, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  localStorage.clear();
});
afterAll(() => api.close());

const firstTime = () =>
  api.use(
    http.get(anyOrigin(endpoints.me.root), () =>
      HttpResponse.json({ ...me, user: { ...me.user, lastLogin: null } }),
    ),
  );

describe('first-time walkthrough', () => {
  it('walks a first-time user through the portal and closes for good', async () => {
    firstTime();
    signedIn();
    const { unmount } = await renderPortal('/machines');
    expect(await screen.findByText('Your machines', {}, { timeout: 10_000 })).toBeInTheDocument();
    // The screen stays usable beside it.
    expect(await screen.findByText('NPH-0001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('The dashboard')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
    unmount();

    firstTime();
    await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
  });

  it('shows nothing to a returning user', async () => {
    signedIn();
    await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
  });

  it('says so when the profile data cannot load', async () => {
    api.use(
      http.get(anyOrigin(endpoints.users.settings), () => new HttpResponse(null, { status: 500 })),
    );
    signedIn();
    await renderPortal('/machines');
    expect(
      await screen.findByText(
        /Something went wrong getting the profile data/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});
