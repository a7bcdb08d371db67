// The user's own settings against a mocked API: the form sends the whole choice, a language picked
// in the app bar is saved for the user, and a language saved elsewhere is taken after sign-in.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignInSession } from '../../src/domain/api/authSessions.ts';
import type { UserSettingsPatch } from '../../src/domain/api/session.ts';
import { api, renderPortal, settings, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  document.cookie = `webAppSettings=${encodeURIComponent(JSON.stringify({ language: 'en' }))}; Path=/`;
});
afterAll(() => api.close());

function recordPatches(): UserSettingsPatch[] {
  const patches: UserSettingsPatch[] = [];
  api.use(
    http.patch(anyOrigin(endpoints.users.settings), async ({ request }) => {
      const body = (await request.json()) as UserSettingsPatch;
      patches.push(body);
      return HttpResponse.json({
        ...settings,
        language: body.language ?? null,
        timezone: body.timezone ?? settings.timezone,
      });
    }),
  );
  return patches;
}

const session = (overrides: Partial<SignInSession>): SignInSession => ({
  id: '00000000-0000-4000-8000-000000000001',
  browser: 'Chrome 156',
  os: 'Linux',
  device: 'desktop',
  address: '127.0.0.1',
  startedAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-20T09:30:00.000Z',
  expiresAt: '2026-12-20T09:30:00.000Z',
  current: true,
  ...overrides,
});

describe('user settings', () => {
  it('lists where the user is signed in and ends another session', async () => {
    const phone = session({
      id: '00000000-0000-4000-8000-000000000002',
      browser: 'Safari 17',
      os: 'iOS 17.2',
      device: 'mobile',
      address: '203.0.113.7',
      current: false,
    });
    let listed = [session({}), phone];
    const ended: string[] = [];
    api.use(
      http.get(anyOrigin(endpoints.auth.sessions), () => HttpResponse.json(listed)),
      http.delete(anyOrigin(endpoints.auth.session), ({ params }) => {
        ended.push(String(params.id));
        listed = listed.filter((one) => one.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signedIn();
    await renderPortal('/user/settings');
    const list = await screen.findByTestId('own-sessions', {}, { timeout: 10_000 });
    const rows = within(list).getAllByTestId('sign-in-session');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome 156 · Linux');
    expect(rows[0]).toHaveTextContent('This device');
    // The session in use is ended by signing out: it has no End button.
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'End' })).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari 17 · iOS 17.2');
    expect(rows[1]).toHaveTextContent('Last used 20-11-2026 09:30');
    expect(rows[1]).toHaveTextContent('from 203.0.113.7');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(ended).toEqual([phone.id]));
    expect(await screen.findByText('The session is ended.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('sign-in-session')).toHaveLength(1));
  });

  it('saves names, time zone, naming and the kinds of mail', async () => {
    const patches = recordPatches();
    signedIn();
    await renderPortal('/user/settings');
    const first = await screen.findByRole('textbox', { name: 'First name' }, { timeout: 10_000 });
    await userEvent.clear(first);
    await userEvent.type(first, 'Alexandra');
    await userEvent.click(screen.getByRole('switch', { name: 'Send me e-mails' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reports' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      firstName: 'Alexandra',
      lastName: 'Morgan',
      language: 'en',
      timezone: 'Europe/London',
      subscriptions: { enabled: true, subscriptions: ['reports'] },
    });
    expect(await screen.findByText('Your settings are saved.')).toBeInTheDocument();
  });

  it('saves a language picked in the app bar for the user', async () => {
    const patches = recordPatches();
    signedIn();
    await renderPortal('/machines');
    await screen.findByText('NPH-0001', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: /English/ }));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('Nederlands'));
    await waitFor(() => expect(patches).toEqual([{ language: 'nl' }]));
    // The Dutch words load before the test ends, and the app bar keeps the choice.
    // Asked inside waitFor: the app bar renders again as the words arrive, replacing the button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Nederlands/ })).toBeInTheDocument(),
    );
  });

  it('takes the language the user saved elsewhere', async () => {
    api.use(
      http.get(anyOrigin(endpoints.users.settings), () =>
        HttpResponse.json({ ...settings, language: 'fr' }),
      ),
    );
    signedIn();
    await renderPortal('/machines');
    await waitFor(
      () => expect(screen.getByRole('button', { name: /Français/ })).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
  });
});
