// The alerts against a mocked API: the app bar counts the unread ones and opens the list, which
// marks them seen and says what each is about; the user settings choose the alerts that come by mail.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRecord, AlertSettingsBody } from '../../src/domain/api/alerts.ts';
import type { UserSettingsPatch } from '../../src/domain/api/session.ts';
import { api, me, renderPortal, settings, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const alert = (overrides: Partial<AlertRecord>): AlertRecord => ({
  id: 'a1',
  type: 'idle',
  at: '2026-11-24T08:30:00.000Z',
  startedAt: '2026-11-24T08:00:00.000Z',
  machineId: 'a1b2c3d4-0000-4000-8000-000000000001',
  machineName: 'JCB 3CX Sitemaster',
  sourceCode: null,
  siteName: null,
  litres: null,
  minutes: 42,
  note: null,
  unread: true,
  ...overrides,
});

describe('alerts', () => {
  it('counts the unread alerts, lists them and marks them seen', async () => {
    let unread = 2;
    let seen = 0;
    api.use(
      http.get(anyOrigin(endpoints.portal.alerts.unread), () => HttpResponse.json({ unread })),
      http.post(anyOrigin(endpoints.portal.alerts.seen), () => {
        seen++;
        unread = 0;
        return HttpResponse.json({ unread: 0 });
      }),
      http.get(anyOrigin(endpoints.portal.alerts.root), () =>
        HttpResponse.json(
          [
            alert({}),
            alert({
              id: 'a2',
              type: 'fuelTheft',
              litres: 31.6,
              minutes: null,
              siteName: 'A40 Hanger Lane',
            }),
          ],
          { headers: { 'content-range': 'alerts 0-1/2' } },
        ),
      ),
    );
    signedIn();
    await renderPortal('/dashboard');
    const bell = await screen.findByRole('link', { name: '2 new alerts' }, { timeout: 10_000 });
    await userEvent.click(bell);
    const theft = await screen.findByText('Fuel theft detected', {}, { timeout: 10_000 });
    const row = theft.closest('tr') as HTMLElement;
    expect(within(row).getByText('32 l · A40 Hanger Lane')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'JCB 3CX Sitemaster' })).toHaveAttribute(
      'href',
      '/machines/a1b2c3d4-0000-4000-8000-000000000001',
    );
    expect(screen.getByText('Idle too long')).toBeInTheDocument();
    expect(screen.getByText('42 min')).toBeInTheDocument();
    expect(seen).toBe(1);
    expect(await screen.findByRole('link', { name: '0 new alerts' })).toBeInTheDocument();
  });

  it('chooses in the user settings which alerts come by mail', async () => {
    const sent: UserSettingsPatch[] = [];
    api.use(
      http.get(anyOrigin(endpoints.users.settings), () =>
        HttpResponse.json({
          ...settings,
          subscriptions: { enabled: true, subscriptions: ['alerts'] },
          alerts: ['idle'],
        }),
      ),
      http.patch(anyOrigin(endpoints.users.settings), async ({ request }) => {
        sent.push((await request.json()) as UserSettingsPatch);
        return HttpResponse.json(settings);
      }),
    );
    signedIn();
    await renderPortal('/user/settings');
    const theft = await screen.findByRole(
      'checkbox',
      { name: 'Fuel theft detected' },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('checkbox', { name: 'Idle too long' })).toBeChecked();
    await userEvent.click(theft);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Idle too long' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your settings are saved.');
    expect(sent.find((body) => body.firstName)?.alerts).toEqual(['fuelTheft']);
  });

  it('lets an admin set the thresholds, and shows a viewer none', async () => {
    const put: AlertSettingsBody[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.alerts.root), () =>
        HttpResponse.json([alert({ type: 'powerCut', sourceCode: '356307042441013' })], {
          headers: { 'content-range': 'alerts 0-0/1' },
        }),
      ),
      http.post(anyOrigin(endpoints.portal.alerts.seen), () => HttpResponse.json({ unread: 0 })),
      http.put(anyOrigin(endpoints.organisation.settingsAlerts), async ({ request }) => {
        const body = (await request.json()) as AlertSettingsBody;
        put.push(body);
        return HttpResponse.json(body);
      }),
    );
    signedIn();
    const { unmount } = await renderPortal('/alerts');
    expect(await screen.findByText('External power cut', {}, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Thresholds' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Idle alert after (minutes)')).toHaveValue(30);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Low-battery alert at' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'The device’s critical level' }),
    );
    const volts = within(dialog).getByLabelText('Power cut below (V)');
    await userEvent.clear(volts);
    await userEvent.type(volts, '40');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(volts);
    await userEvent.type(volts, '9.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The alert thresholds are saved.');
    expect(put).toEqual([{ idleMinutes: 30, lowBatteryLevel: 'critical', powerCutV: 9.5 }]);
    unmount();

    api.use(
      http.get(anyOrigin(endpoints.me.root), () =>
        HttpResponse.json({ ...me, user: { ...me.user, role: 'viewer' } }),
      ),
    );
    await renderPortal('/alerts');
    expect(await screen.findByText('External power cut', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thresholds' })).toBeNull();
  });
});
