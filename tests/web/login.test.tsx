// The two login steps, their errors, and the session messages, on the real portal with msw.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../src/api/tokenStore.ts';
import { api, PASSWORD, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

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

  it('asks for the second factor’s code after a right password, and signs in with it', async () => {
    const user = userEvent.setup();
    const sent: { code?: string }[] = [];
    api.use(
      http.post(anyOrigin(endpoints.auth.login), async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        if (body.code === '123456') return HttpResponse.json({ token: 'access-1', expiresIn: 900 });
        const code = body.code ? 'SECOND_FACTOR_INVALID' : 'SECOND_FACTOR_REQUIRED';
        return HttpResponse.json(
          { statusCode: 401, code, error: 'Unauthorized', message: code },
          { status: 401 },
        );
      }),
    );
    await renderPortal('/login');
    await user.type(await emailField(), 'admin@demo.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/^Code/);
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(/That code is not right, or was already used/),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('NPH-0001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sent.map((body) => body.code)).toEqual([undefined, '000000', '123456']);
  });

  it('sets the second factor up while signing in where the organisation requires it', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(anyOrigin(endpoints.auth.login), async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        if (body.code === '654321')
          return HttpResponse.json({
            token: 'access-1',
            expiresIn: 900,
            recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'],
          });
        return HttpResponse.json(
          { statusCode: 401, code: 'SECOND_FACTOR_SETUP_REQUIRED', error: 'x', message: 'x' },
          { status: 401 },
        );
      }),
      http.post(anyOrigin(endpoints.auth.secondFactorSetup), () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Fleet%20portal:admin%40demo.example?secret=JBSWY3DPEHPK3PXP',
        }),
      ),
      http.get(anyOrigin(endpoints.me.secondFactor), () =>
        HttpResponse.json({
          enabled: true,
          recoveryCodesLeft: 2,
          requiredBy: ['Northbank Plant Hire'],
          organisationRequires: true,
        }),
      ),
    );
    await renderPortal('/login');
    await user.type(await emailField(), 'admin@demo.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(await screen.findByTestId('totp-qr')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The recovery codes, once, on the two-step sign-in page (loaded on demand: slow under CI's load).
    expect(await screen.findByText('aaaaa-bbbbb', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(await screen.findByText(/Required by Northbank Plant Hire/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeDisabled();
  }, 60_000);

  it('shows the translated code of a 400 from loginoptions, and the connection message without a response', async () => {
    const user = userEvent.setup();
    api.use(
      http.post(anyOrigin(endpoints.portal.users.loginoptions), () =>
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

    api.use(http.post(anyOrigin(endpoints.portal.users.loginoptions), () => HttpResponse.error()));
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
      http.post(anyOrigin(endpoints.portal.users.loginoptions), () =>
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
      http.get(anyOrigin(endpoints.portal.machines.list), () =>
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
      http.post(anyOrigin(endpoints.auth.refresh), () =>
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
      http.post(anyOrigin(endpoints.auth.refresh), () => {
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
      http.post(anyOrigin(endpoints.auth.refresh), () => {
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
      http.post(anyOrigin(endpoints.auth.refresh), () =>
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
