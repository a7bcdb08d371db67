// The details screen's settings against a mocked API: an hour-meter reading, a refused
// calibration with its rows, and a viewer who sees the settings without the means to change them.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, machineDetails, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const emptyActivity = { machineId: 'm1', timezone: 'Europe/London', days: [] };

function mockMachine(canEdit: boolean) {
  api.use(
    http.get(anyOrigin(pathTo(endpoints.portal.machines.item, { id: 'm1' })), () =>
      HttpResponse.json(machineDetails({ hourMeter: 1234.5, canEdit })),
    ),
    http.get(anyOrigin(pathTo(endpoints.machines.activity, { id: 'm1' })), () =>
      HttpResponse.json(emptyActivity),
    ),
  );
}

/** The meter the screen shows, and the readings it sends. */
function recordReadings(): unknown[] {
  const bodies: unknown[] = [];
  const path = anyOrigin(pathTo(endpoints.portal.machines.meterReadings, { id: 'm1' }));
  api.use(
    http.get(path, () =>
      HttpResponse.json({
        lead: 'automatic',
        effectiveLead: 'computed',
        hourMeter: { valueH: 1234.5, source: 'computed', readAt: '2026-11-20T08:00:00.000Z' },
        sources: [],
        drift: null,
        readings: [],
      }),
    ),
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
  );
  return bodies;
}

describe('machine settings', () => {
  it('adds an hour-meter reading read at a moment on the user’s clock', async () => {
    signedIn();
    mockMachine(true);
    const bodies = recordReadings();
    await renderPortal('/machines/m1');
    expect(await screen.findByTestId('meter-now', {}, { timeout: 10_000 })).toHaveTextContent(
      '1,234.5 h',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Reading (h)' }), '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Add reading' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const [body] = bodies as { valueH: number; readAt: string }[];
    expect(body?.valueH).toBe(2000);
    expect(Date.now() - Date.parse(body?.readAt ?? '')).toBeLessThan(5 * 60_000);
    expect(await screen.findByText('The reading is saved')).toBeInTheDocument();
  });

  it('reads a German reading, 1.234,5, as 1234.5, and refuses an English one', async () => {
    document.cookie = `webAppSettings=${encodeURIComponent(JSON.stringify({ language: 'de' }))}; Path=/`;
    signedIn();
    mockMachine(true);
    const bodies = recordReadings();
    try {
      await renderPortal('/machines/m1');
      const reading = await screen.findByRole(
        'textbox',
        { name: 'Stand (h)' },
        { timeout: 10_000 },
      );
      const correct = screen.getByRole('button', { name: 'Stand erfassen' });
      await userEvent.type(reading, '1,234.5');
      expect(correct).toBeDisabled();
      await userEvent.clear(reading);
      await userEvent.type(reading, '1.234,5');
      await userEvent.click(correct);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ valueH: 1234.5 });
    } finally {
      document.cookie = 'webAppSettings=; Path=/; Max-Age=0';
    }
  });

  it('lists every bad row of a refused calibration', async () => {
    signedIn();
    mockMachine(true);
    api.use(
      http.post(anyOrigin(pathTo(endpoints.portal.machines.fuelCalibration, { id: 'm1' })), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION',
            error: 'Bad Request',
            message: 'The calibration has 2 bad row(s); nothing was changed',
            field: 'file',
            rows: [
              { row: 3, message: "litres must be a number from 0 to 100000, not 'abc'" },
              { row: 5, message: 'level_percent must rise from row to row' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await renderPortal('/machines/m1');
    const input = await screen.findByTestId('calibration-input', {}, { timeout: 10_000 });
    await userEvent.upload(
      input,
      new File(['level_percent,litres\n'], 'tank.csv', { type: 'text/csv' }),
    );
    const errors = await screen.findByTestId('calibration-errors');
    expect(within(errors).getByText(/Row 3: litres must be a number/)).toBeInTheDocument();
    expect(
      within(errors).getByText('Row 5: level_percent must rise from row to row'),
    ).toBeInTheDocument();
  });

  it('shows a viewer the settings without the means to change them', async () => {
    signedIn();
    mockMachine(false);
    await renderPortal('/machines/m1');
    expect(
      await screen.findByTestId('machine-settings', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(screen.queryByTestId('calibration-input')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
