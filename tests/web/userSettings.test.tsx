// The user's own settings against a mocked API: the form sends the whole choice, a language picked
// in the app bar is saved for the user, and a language saved elsewhere is taken after sign-in.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

describe('user settings', () => {
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
