// The users resource against a mocked API: the list through ra-data-simple-rest (its query and
// Content-Range), the invitation dialog's e-mail parsing and flagged addresses, a change sent as
// PATCH with only what changed, and a confirmed bulk delete through POST /v1/users/delete.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/domain/api/users.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints, pathTo } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const person = (overrides: Partial<UserRecord>): UserRecord => ({
  id: 'u2',
  email: 'priya@example.com',
  firstName: 'Priya',
  lastName: 'Shah',
  role: 'viewer',
  organisationId: 'o1',
  organisationName: 'Northbank Plant Hire',
  status: 'active',
  lastLogin: '2026-11-20T08:00:00.000Z',
  language: null,
  timezone: null,
  reportCategories: [],
  organisations: [{ id: 'o1', name: 'Northbank Plant Hire', role: 'viewer' }],
  invitedAt: null,
  secondFactor: false,
  ...overrides,
});

describe('users', () => {
  it('on a phone, shows people as cards and their filters in a drawer', async () => {
    // A phone: every max-width media query matches (MUI's `down('sm')`).
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      signedIn();
      const asked: URLSearchParams[] = [];
      api.use(
        http.get(anyOrigin(endpoints.users.root), ({ request }) => {
          asked.push(new URL(request.url).searchParams);
          return HttpResponse.json([person({})], {
            headers: { 'content-range': 'users 0-0/1' },
          });
        }),
      );
      await renderPortal('/users');
      // A card: the name, and the address with the role under it; no table.
      expect(
        await screen.findByText('priya@example.com · Viewer', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
      const drawer = await screen.findByTestId('phone-filters');
      await userEvent.click(within(drawer).getByLabelText('Role'));
      await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
      await waitFor(() => expect(asked.at(-1)?.get('filter')).toContain('"role":"admin"'));
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('lists people with the simple-rest query, invites, and deletes after confirming', async () => {
    signedIn();
    const people = [
      person({}),
      person({
        id: 'u3',
        email: 'new@example.com',
        firstName: '',
        lastName: '',
        status: 'invited',
      }),
    ];
    const queries: URLSearchParams[] = [];
    const calls: string[] = [];
    api.use(
      http.get(anyOrigin(endpoints.users.root), ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(people, {
          headers: { 'content-range': `users 0-${people.length - 1}/${people.length}` },
        });
      }),
      http.get(anyOrigin(endpoints.portal.users.organisations), () =>
        HttpResponse.json({
          organisations: [{ id: 'o1', name: 'Northbank Plant Hire', type: 'rental' }],
        }),
      ),
      http.post(anyOrigin(endpoints.users.invitation), async ({ request }) => {
        const body = (await request.json()) as { emails: string[]; role: string };
        calls.push(`invite ${body.emails.join(' ')} as ${body.role}`);
        const skipped = body.emails
          .filter((email) => email === 'priya@example.com')
          .map((email) => ({ email, code: 'EMAIL_ALREADY_EXISTS' }));
        if (skipped.length === body.emails.length)
          return HttpResponse.json(
            { statusCode: 409, code: 'EMAIL_ALREADY_EXISTS', error: 'Conflict', message: 'x' },
            { status: 409 },
          );
        const invited = body.emails
          .filter((email) => email !== 'priya@example.com')
          .map((email) => person({ id: email, email, status: 'invited' }));
        return HttpResponse.json({ invited, skipped }, { status: 201 });
      }),
      http.post(anyOrigin(endpoints.users.delete), async ({ request }) => {
        const body = (await request.json()) as { userIds: string[] };
        calls.push(`delete ${body.userIds.join(' ')}`);
        people.splice(0, people.length, ...people.filter((p) => !body.userIds.includes(p.id)));
        return HttpResponse.json({ deleted: body.userIds });
      }),
    );
    await renderPortal('/users/list');
    await screen.findByText('priya@example.com', {}, { timeout: 10_000 });
    expect(screen.getByText('Invited')).toBeInTheDocument();
    const first = queries[0];
    expect(JSON.parse(first?.get('sort') ?? '')).toEqual(['lastName', 'ASC']);
    expect(JSON.parse(first?.get('range') ?? '')).toEqual([0, 24]);

    await userEvent.click(screen.getByRole('button', { name: 'Invite users' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByTestId('invite-emails');
    // English has two plural forms: no "0 address" while the field is empty.
    expect(within(dialog).getByText('Separate addresses with commas')).toBeInTheDocument();
    await userEvent.type(input, 'priya@example.com');
    expect(within(dialog).getByText('1 address')).toBeInTheDocument();
    // Every address already in the organisation: nothing is sent, and they are named.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByTestId('invite-flagged')).toHaveTextContent(
      'priya@example.com',
    );
    // One of three already in: the other two are invited and the one left out is named.
    await userEvent.clear(input);
    await userEvent.type(input, ' ann@example.com,, priya@example.com , bo b@example.com');
    expect(within(dialog).getByText('3 addresses')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() =>
      expect(calls).toContain('invite ann@example.com priya@example.com bob@example.com as viewer'),
    );
    expect(
      await screen.findByText(
        '2 invitations sent; already in the organisation, not invited: priya@example.com',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByText('new@example.com').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(calls).toContain('delete u3'));
    await waitFor(() => expect(screen.queryByText('new@example.com')).toBeNull());
  });

  it('saves only what changed, as PATCH, and says why a change is refused', async () => {
    signedIn();
    const patches: unknown[] = [];
    api.use(
      http.get(anyOrigin(pathTo(endpoints.users.item, { id: 'u2' })), () =>
        HttpResponse.json(person({ reportCategories: ['fuel'] })),
      ),
      http.patch(anyOrigin(pathTo(endpoints.users.item, { id: 'u2' })), async ({ request }) => {
        const body = (await request.json()) as { firstName?: string };
        patches.push(body);
        if (patches.length === 1)
          return HttpResponse.json(
            { statusCode: 409, code: 'LAST_ADMIN', error: 'Conflict', message: 'no' },
            { status: 409 },
          );
        return HttpResponse.json(person({ firstName: body.firstName ?? 'Priya' }));
      }),
    );
    await renderPortal('/users/u2');
    const firstName = await screen.findByRole(
      'textbox',
      { name: 'First name' },
      { timeout: 10_000 },
    );
    // The report categories are the reports' own, each naming the reports it brings.
    expect(screen.getByRole('checkbox', { name: 'Fuel (Fuel and CO2)' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: /^Utilisation \(Fleet utilisation/ }),
    ).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /CO2$/ })).toBeNull();
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Priya K.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An organisation must keep at least one admin.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[0]).toEqual({ firstName: 'Priya K.', organisationId: 'o1' });
    // Saying what was saved, not react-admin's "Element updated".
    expect(await screen.findByText('Changes to Priya K. Shah saved.')).toBeInTheDocument();
  });

  it('titles the organisation’s users tab “Organisation · Users”', async () => {
    signedIn();
    api.use(
      http.get(anyOrigin(endpoints.users.root), () =>
        HttpResponse.json([person({})], { headers: { 'content-range': 'users 0-0/1' } }),
      ),
    );
    await renderPortal('/organisation/users');
    await screen.findByText('priya@example.com', {}, { timeout: 10_000 });
    expect(document.getElementById('react-admin-title')).toHaveTextContent(
      /^Organisation · Users$/,
    );
  });
});
