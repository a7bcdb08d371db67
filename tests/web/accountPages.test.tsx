// The account screens reached without signing in, against a mocked API: each outcome of an
// invitation and a reset link has its own words, and each form sends what the API expects.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, renderPortal } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const refusal = (status: number, code: string) =>
  HttpResponse.json({ statusCode: status, code, error: 'Bad Request', message: code }, { status });

const STRONG = 'Quarry-lantern-49';

describe('account screens', () => {
  it.each([
    ['INVALID_TOKEN', 'This invitation link is not valid'],
    ['EXPIRED', 'This invitation has expired'],
    ['ALREADY_ACCEPTED', 'This invitation was already accepted'],
  ])('shows its own screen for an invitation refused with %s', async (code, words) => {
    api.use(http.get(anyOrigin(endpoints.users.invitation), () => refusal(400, code)));
    await renderPortal('/rsvp?token=abcdefghijklmnop');
    expect(await screen.findByTestId(`rsvp-${code}`, {}, { timeout: 10_000 })).toHaveTextContent(
      words,
    );
  });

  it('says when the invitation cannot be fetched, and retries', async () => {
    let calls = 0;
    api.use(
      http.get(anyOrigin(endpoints.users.invitation), () => {
        calls++;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({
              email: 'ines@example.com',
              organisationName: 'Northbank Plant Hire',
              role: 'viewer',
              invitedBy: 'Alex Morgan (admin@demo.example) of Northbank Plant Hire',
              expiresAt: '2026-11-30T00:00:00.000Z',
              accountExists: false,
            });
      }),
    );
    await renderPortal('/rsvp?token=abcdefghijklmnop');
    await screen.findByTestId('rsvp-NETWORK_ERROR', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText(
        /Alex Morgan \(admin@demo.example\) of Northbank Plant Hire invited you/,
      ),
    ).toBeInTheDocument();
  });

  it('accepts an invitation with a name and a strong password, showing a weak one refused', async () => {
    const accepted: unknown[] = [];
    api.use(
      http.get(anyOrigin(endpoints.users.invitation), () =>
        HttpResponse.json({
          email: 'ines@example.com',
          organisationName: 'Northbank Plant Hire',
          role: 'viewer',
          invitedBy: null,
          expiresAt: '2026-11-30T00:00:00.000Z',
          accountExists: false,
        }),
      ),
      http.post(anyOrigin(endpoints.users.invitationAccept), async ({ request }) => {
        const body = (await request.json()) as { password: string };
        accepted.push(body);
        if (body.password !== STRONG) return refusal(400, 'WEAK_PASSWORD');
        return HttpResponse.json({
          email: 'ines@example.com',
          organisationId: 'o1',
          organisationName: 'Northbank Plant Hire',
        });
      }),
    );
    await renderPortal('/rsvp?token=abcdefghijklmnop');
    await userEvent.type(
      await screen.findByLabelText('First name', {}, { timeout: 10_000 }),
      'Ines',
    );
    const accept = screen.getByRole('button', { name: 'Accept the invitation' });
    await userEvent.type(screen.getByLabelText(/New password/), 'qwertyuiop12');
    await userEvent.type(screen.getByLabelText(/Repeat the password/), 'qwertyuiop12');
    await userEvent.click(accept);
    expect(await screen.findByText(/This password is too easy to guess/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New password/));
    await userEvent.clear(screen.getByLabelText(/Repeat the password/));
    await userEvent.type(screen.getByLabelText(/New password/), STRONG);
    await userEvent.type(screen.getByLabelText(/Repeat the password/), STRONG);
    await userEvent.click(accept);
    expect(await screen.findByTestId('rsvp-accepted')).toHaveTextContent(
      'Welcome to Northbank Plant Hire',
    );
    expect(accepted.at(-1)).toEqual({
      token: 'abcdefghijklmnop',
      password: STRONG,
      firstName: 'Ines',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?email=ines%40example.com',
    );
  });

  it.each([
    ['EXPIRED_CODE', 'This reset link has expired'],
    ['INVALID_CODE', 'This reset link is not valid'],
    ['USER_DISABLED', 'This account has been disabled'],
  ])('shows the reset link refused with %s', async (code, words) => {
    api.use(http.post(anyOrigin(endpoints.auth.resetPasswordCheck), () => refusal(400, code)));
    await renderPortal('/forgot-password/reset?code=abcdefghijklmnop');
    expect(await screen.findByTestId(`reset-${code}`, {}, { timeout: 10_000 })).toHaveTextContent(
      words,
    );
  });

  it('asks for a reset link, then sets the new password from the link', async () => {
    const sent: unknown[] = [];
    api.use(
      http.post(anyOrigin(endpoints.auth.resetPassword), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 202 });
      }),
      http.post(anyOrigin(endpoints.auth.resetPasswordCheck), () =>
        HttpResponse.json({ email: 'priya@example.com' }),
      ),
      http.post(
        anyOrigin(endpoints.auth.resetPasswordConfirm),
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    await renderPortal('/forgot-password?email=priya%40example.com');
    expect(await screen.findByLabelText(/E-mail address/, {}, { timeout: 10_000 })).toHaveValue(
      'priya@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/If priya@example.com has an account/)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'priya@example.com' }]);

    await renderPortal('/forgot-password/reset?code=abcdefghijklmnop');
    expect(
      await screen.findByText('For priya@example.com', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/New password/), STRONG);
    await userEvent.type(screen.getByLabelText(/Repeat the password/), STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('signed out everywhere else');
  });

  it('unsubscribes only when asked, not on opening the link', async () => {
    const posted: unknown[] = [];
    api.use(
      http.post(anyOrigin(endpoints.users.unsubscribe), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          email: 'priya@example.com',
          emailType: 'reports',
          stopped: ['reports'],
        });
      }),
    );
    await renderPortal('/unsubscribe?userToken=abcdefghijklmnop&emailType=reports');
    await screen.findByText(/Stop receiving report e-mails/, {}, { timeout: 10_000 });
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent(
      'priya@example.com will no longer receive report e-mails.',
    );
    expect(posted).toEqual([{ userToken: 'abcdefghijklmnop', emailType: 'reports' }]);
  });

  it('offers to stop every kind of mail as the second choice', async () => {
    const posted: unknown[] = [];
    api.use(
      http.post(anyOrigin(endpoints.users.unsubscribe), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          email: 'priya@example.com',
          emailType: 'alerts',
          stopped: ['invitations', 'shared-locations', 'reports', 'alerts'],
        });
      }),
    );
    await renderPortal('/unsubscribe?userToken=abcdefghijklmnop&emailType=alerts');
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Stop all e-mails from the fleet portal instead' },
        { timeout: 10_000 },
      ),
    );
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent(
      'priya@example.com will no longer receive e-mails from the fleet portal',
    );
    expect(posted).toEqual([{ userToken: 'abcdefghijklmnop', emailType: 'alerts', all: true }]);
  });

  it('says when registration is closed, and registers when it is open', async () => {
    api.use(
      http.get(anyOrigin(endpoints.auth.registration), () => HttpResponse.json({ open: false })),
    );
    await renderPortal('/register');
    expect(
      await screen.findByTestId('register-closed', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();

    const registered: unknown[] = [];
    api.use(
      http.get(anyOrigin(endpoints.auth.registration), () => HttpResponse.json({ open: true })),
      http.post(anyOrigin(endpoints.auth.register), async ({ request }) => {
        registered.push(await request.json());
        return HttpResponse.json({}, { status: 202 });
      }),
    );
    await renderPortal('/register');
    await userEvent.type(
      await screen.findByLabelText(/Organisation name/, {}, { timeout: 10_000 }),
      'Founders Ltd',
    );
    await userEvent.type(screen.getByLabelText(/First name/), 'Fay');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Founder');
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'fay@example.com');
    await userEvent.type(screen.getByLabelText(/New password/), STRONG);
    await userEvent.type(screen.getByLabelText(/Repeat the password/), STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('register-sent')).toHaveTextContent('fay@example.com');
    await waitFor(() => expect(registered).toHaveLength(1));
    expect(registered[0]).toMatchObject({
      organisationName: 'Founders Ltd',
      organisationType: 'end-user',
      firstName: 'Fay',
      email: 'fay@example.com',
    });
  });
});
