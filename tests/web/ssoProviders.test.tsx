// Staff's single sign-on providers against a mocked API: listed, and added with the form.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, me, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const provider = {
  id: 'p1',
  organisationId: 'o1',
  organisationName: 'Northbank Plant Hire',
  emailDomain: 'northbank.example',
  name: 'Northbank Entra ID',
  type: 'OIDC',
  issuer: 'https://login.example.com/nb/v2.0',
  clientId: 'fleet',
  createUsers: true,
  defaultRole: 'viewer',
  hasClientSecret: true,
};

describe('single sign-on providers', () => {
  it('lists the providers and adds one', async () => {
    signedIn();
    const created: unknown[] = [];
    const providers = [provider];
    api.use(
      http.get(anyOrigin(endpoints.me.root), () =>
        HttpResponse.json({ ...me, user: { ...me.user, role: 'internal' } }),
      ),
      http.get(anyOrigin(endpoints.admin.ssoProviders.root), () =>
        HttpResponse.json({ providers }),
      ),
      http.get(anyOrigin(endpoints.portal.users.organisations), () =>
        HttpResponse.json({
          organisations: [{ id: 'o1', name: 'Northbank Plant Hire', type: 'rental' }],
        }),
      ),
      http.post(anyOrigin(endpoints.admin.ssoProviders.root), async ({ request }) => {
        const body = (await request.json()) as typeof provider;
        created.push(body);
        const row = { ...provider, ...body, id: 'p2', hasClientSecret: true };
        providers.push(row);
        return HttpResponse.json(row, { status: 201 });
      }),
    );
    await renderPortal('/admin/sso-providers');
    expect(
      await screen.findByText('northbank.example', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Create/ }));
    await userEvent.click(await screen.findByLabelText(/Organisation/, {}, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'Northbank Plant Hire' }));
    await userEvent.type(screen.getByLabelText(/E-mail domain/), 'corp.example');
    await userEvent.type(screen.getByLabelText(/Name shown at sign-in/), 'Corp sign-in');
    await userEvent.type(screen.getByLabelText(/Issuer URL/), 'https://idp.corp.example');
    await userEvent.type(screen.getByLabelText(/Client id/), 'portal');
    await userEvent.type(screen.getByLabelText(/Client secret/), 'corp-secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      organisationId: 'o1',
      emailDomain: 'corp.example',
      name: 'Corp sign-in',
      type: 'OIDC',
      issuer: 'https://idp.corp.example',
      clientId: 'portal',
      clientSecret: 'corp-secret-123',
      createUsers: false,
      defaultRole: 'viewer',
    });
  });

  it('adds a SAML provider by its metadata, and shows the addresses to register', async () => {
    signedIn();
    const created: unknown[] = [];
    const saml = {
      ...provider,
      id: 'p3',
      emailDomain: 'saml.example',
      name: 'Corp SAML',
      type: 'SAML',
      issuer: '',
      clientId: '',
      metadataUrl: 'https://idp.saml.example/metadata',
      hasClientSecret: false,
      callbackUrl: 'https://portal.example/v1/auth/sso/saml/p3/acs',
      spEntityId: 'https://portal.example/v1/auth/sso/saml/p3/metadata',
    };
    const providers: (typeof saml)[] = [];
    api.use(
      http.get(anyOrigin(endpoints.me.root), () =>
        HttpResponse.json({ ...me, user: { ...me.user, role: 'internal' } }),
      ),
      http.get(anyOrigin(endpoints.admin.ssoProviders.root), () =>
        HttpResponse.json({ providers }),
      ),
      http.get(anyOrigin(endpoints.portal.users.organisations), () =>
        HttpResponse.json({
          organisations: [{ id: 'o1', name: 'Northbank Plant Hire', type: 'rental' }],
        }),
      ),
      http.post(anyOrigin(endpoints.admin.ssoProviders.root), async ({ request }) => {
        created.push(await request.json());
        providers.push(saml);
        return HttpResponse.json(saml, { status: 201 });
      }),
    );
    await renderPortal('/admin/sso-providers/create');
    await userEvent.click(await screen.findByLabelText(/Organisation/, {}, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'Northbank Plant Hire' }));
    await userEvent.type(screen.getByLabelText(/E-mail domain/), 'saml.example');
    await userEvent.type(screen.getByLabelText(/Name shown at sign-in/), 'Corp SAML');
    await userEvent.click(screen.getByLabelText(/Protocol/));
    await userEvent.click(await screen.findByRole('option', { name: 'SAML' }));
    expect(screen.queryByLabelText(/Issuer URL/)).not.toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText(/Identity provider metadata URL/),
      'https://idp.saml.example/metadata',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      organisationId: 'o1',
      emailDomain: 'saml.example',
      name: 'Corp SAML',
      type: 'SAML',
      metadataUrl: 'https://idp.saml.example/metadata',
      createUsers: false,
      defaultRole: 'viewer',
    });
    await userEvent.click(await screen.findByText('saml.example', {}, { timeout: 10_000 }));
    expect(await screen.findByText(saml.callbackUrl)).toBeInTheDocument();
    expect(screen.getByText(saml.spEntityId)).toBeInTheDocument();
  });
});
