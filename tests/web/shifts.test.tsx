// The shifts screens against a mocked API: the list shows each shift's hours and whether its figures
// are still being recomputed; the form refuses a break outside the hours before sending, and sends
// the shift as the API takes it.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftBody, ShiftRecord } from '../../src/domain/api/shifts.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const standard: ShiftRecord = {
  id: '6f1d8c1e-1f7a-4c55-9b7e-0d4b6f0c1a01',
  name: 'Standard day',
  isDefault: true,
  siteIds: [],
  sites: [],
  days: [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    start: '07:00',
    end: '16:00',
    breaks: [{ start: '12:00', end: '12:30' }],
  })),
  updatedAt: '2026-11-20T10:00:00.000Z',
  recomputing: true,
};

function shiftsApi(sent: ShiftBody[]) {
  api.use(
    http.get(anyOrigin(endpoints.portal.shifts.root), () =>
      HttpResponse.json({ shifts: [standard] }),
    ),
    http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
    http.post(anyOrigin(endpoints.portal.shifts.root), async ({ request }) => {
      const body = (await request.json()) as ShiftBody;
      sent.push(body);
      return HttpResponse.json(
        { ...standard, ...body, id: 'b2', sites: [], updatedAt: standard.updatedAt },
        { status: 201 },
      );
    }),
  );
}

describe('shifts', () => {
  it('lists the shifts with their hours and a recomputing mark', async () => {
    shiftsApi([]);
    signedIn();
    await renderPortal('/admin/shifts');
    const row = (await screen.findByText('Standard day', {}, { timeout: 10_000 })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Everywhere else')).toBeInTheDocument();
    expect(cells.getByText(/Mon 07:00–16:00 \(1 break\)/)).toBeInTheDocument();
    expect(cells.getByText('Recomputing')).toBeInTheDocument();
  });

  it('refuses a break outside the hours, then sends the shift', async () => {
    const sent: ShiftBody[] = [];
    shiftsApi(sent);
    signedIn();
    await renderPortal('/admin/shifts/create');
    await userEvent.type(await screen.findByLabelText(/Name/, {}, { timeout: 10_000 }), 'Early');
    // The first day's break, 06:00 to 06:30, before its 07:00 start.
    const firstDay = screen.getAllByRole('listitem')[0] as HTMLElement;
    await userEvent.click(within(firstDay).getByRole('button', { name: /Add/ }));
    const clocks = within(firstDay).getAllByLabelText(/Start|End/);
    const [breakStart, breakEnd] = clocks.slice(-2) as [HTMLElement, HTMLElement];
    await userEvent.type(breakStart, '06:00');
    await userEvent.type(breakEnd, '06:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The break lies outside the working hours')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // Friday runs to midnight: 00:00 in a time field, 24:00 to the API.
    const friday = screen
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('Friday')) as HTMLElement;
    const fridayEnd = within(friday).getByLabelText(/End/);
    await userEvent.clear(fridayEnd);
    await userEvent.type(fridayEnd, '00:00');
    await userEvent.clear(breakStart);
    await userEvent.type(breakStart, '12:00');
    await userEvent.clear(breakEnd);
    await userEvent.type(breakEnd, '12:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Early', isDefault: false, siteIds: [] });
    expect(sent[0]?.days).toHaveLength(5);
    expect(sent[0]?.days[0]).toEqual({
      weekday: 1,
      start: '07:00',
      end: '18:00',
      breaks: [{ start: '12:00', end: '12:30' }],
    });
    expect(sent[0]?.days[4]).toMatchObject({ weekday: 5, end: '24:00' });
  });
});
