// The two login steps, their errors, and the session messages, on the real portal with msw.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../src/api/tokenStore.ts';
import { api, PASSWORD, renderPortal, signedIn } from './portalHarness.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const emailField = () => screen.findByLabelText(/E-mail address/);

describe('login', () => {
  it('asks for the e-mail, then the password, and goes back to the e-mail step', async () => {
    const user = userEvent.setup();
    await renderPortal('/login');
    await user.type(await emailField(), 'admin@demo.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Signing in as admin@demo.example')).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/E-mail address/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use another e-mail address' }));
    expect(await emailField()).toHaveValue('admin@demo.example');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('shows a wrong password, then signs in and lists the machines', async () => {
    const user = userEvent.setup();
    await renderPortal('/login');
    await user.type(await emailField(), 'admin@demo.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('The e-mail address or password is incorrect.'),
    ).toBeInTheDocument();
    expect(tokenStore.get()).toBeUndefined();

    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Bomag BW 120 AD-5')).toBeInTheDocument();
    expect(tokenStore.get()?.token).toBe('access-1');
  });

  it('shows the translated code of a 400 from loginoptions, and the connection message without a response', async () => {
    const user = userEvent.setup();
    api.use(
      http.post('*/v1/portal/users/loginoptions', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION',
            error: 'Bad Request',
            message: 'x',
            field: 'email',
          },
          { status: 400 },
        ),
      ),
    );
    await renderPortal('/login');
    await user.type(await emailField(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();

    api.use(http.post('*/v1/portal/users/loginoptions', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        "We couldn't connect to the product, please check your internet connection and try again. If problem persists, please contact support",
      ),
    ).toBeInTheDocument();
  });

  it('opens the provider in a popup, and says so when the popup is closed before signing in', async () => {
    const user = userEvent.setup();
    api.use(
      http.post('*/v1/portal/users/loginoptions', () =>
        HttpResponse.json({ provider: 'corp-idp', type: 'OIDC' }),
      ),
    );
    const opened: string[] = [];
    const popup = { closed: false, close: () => undefined };
    const open = vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return popup as unknown as Window;
    });
    await renderPortal('/login');
    await user.type(await emailField(), 'ann@corp.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/signs in through corp-idp/)).toBeInTheDocument();
    expect(opened).toEqual(['/sso?email=ann%40corp.example']);
    popup.closed = true;
    expect(
      (
        await screen.findAllByText(
          'The sign-in window was closed before you signed in.',
          {},
          { timeout: 5000 },
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(tokenStore.get()).toBeUndefined();
    open.mockRestore();
  });
});

describe('session', () => {
  it('sends a signed-out visitor of a protected page to the login page, signing out once', async () => {
    let logouts = 0;
    await renderPortal('/machines', (authProvider) => {
      const logout = authProvider.logout.bind(authProvider);
      authProvider.logout = (params) => {
        logouts++;
        return logout(params);
      };
    });
    expect(await emailField()).toBeInTheDocument();
    // Give a redirect loop the chance to show itself before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logouts).toBe(1);
    expect(window.location.pathname).toBe('/login');
  });

  it('ends the session on a 401 with the expired message', async () => {
    signedIn();
    api.use(
      http.get('*/v1/portal/machines/list', () =>
        HttpResponse.json(
          { statusCode: 401, code: 'UNAUTHORISED', error: 'Unauthorized', message: 'expired' },
          { status: 401 },
        ),
      ),
    );
    await renderPortal('/machines');
    expect(
      await screen.findByText(
        'Your session has expired. Please log in again.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(await emailField()).toBeInTheDocument();
    expect(tokenStore.get()).toBeUndefined();
  });

  it('ends the session with the timed-out message when the refresh fails', async () => {
    signedIn(-60);
    api.use(
      http.post('*/v1/auth/refresh', () =>
        HttpResponse.json(
          { statusCode: 401, code: 'INVALID_REFRESH_TOKEN', error: 'Unauthorized', message: 'x' },
          { status: 401 },
        ),
      ),
    );
    await renderPortal('/machines');
    expect(
      await screen.findByText(
        'Unfortunately, your session has timed out, please log in.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(tokenStore.get()).toBeUndefined();
  });

  it('refreshes an expired access token once and carries on', async () => {
    signedIn(-60);
    let refreshes = 0;
    api.use(
      http.post('*/v1/auth/refresh', () => {
        refreshes++;
        return HttpResponse.json({ token: 'access-2', expiresIn: 900 });
      }),
    );
    await renderPortal('/machines');
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(refreshes).toBe(1);
    await waitFor(() => expect(tokenStore.get()?.token).toBe('access-2'));
  });

  it('resumes a session after a reload from the refresh cookie, holding no token in storage', async () => {
    // What a reload leaves: the signed-in hint, and the HttpOnly cookie the browser sends itself.
    localStorage.setItem('fleet-portal.signed-in', '1');
    let refreshes = 0;
    api.use(
      http.post('*/v1/auth/refresh', () => {
        refreshes++;
        return HttpResponse.json({ token: 'access-3', expiresIn: 900 });
      }),
    );
    await renderPortal('/machines');
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(refreshes).toBe(1);
    expect(tokenStore.get()?.token).toBe('access-3');
    expect(Object.values({ ...localStorage }).join()).not.toContain('access-3');
  });

  it('sends a reload with no live session to sign in, quietly', async () => {
    localStorage.setItem('fleet-portal.signed-in', '1');
    api.use(
      http.post('*/v1/auth/refresh', () =>
        HttpResponse.json(
          { statusCode: 401, code: 'INVALID_REFRESH_TOKEN', error: 'Unauthorized', message: 'x' },
          { status: 401 },
        ),
      ),
    );
    await renderPortal('/machines');
    expect(await emailField()).toBeInTheDocument();
    expect(tokenStore.mayResume()).toBe(false);
  });
});
