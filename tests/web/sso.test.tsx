// The single sign-on popup's pages against a mocked API: /sso goes on to the provider, and
// /sso/cognito-cil hands the provider's answer to the server and our tokens to the opener, or says
// why it failed.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, renderPortal } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});
afterAll(() => api.close());

function fakeOpener() {
  const postMessage = vi.fn();
  Object.defineProperty(window, 'opener', {
    value: { closed: false, postMessage },
    configurable: true,
  });
  return postMessage;
}

describe('single sign-on popup', () => {
  it('posts the callback and hands the tokens to the page that opened it', async () => {
    const postMessage = fakeOpener();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    api.use(
      http.post(anyOrigin(endpoints.auth.ssoCallback), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'sso-access', expiresIn: 900 });
      }),
    );
    await renderPortal(
      '/sso/cognito-cil?code=the-code&state=state-0123456789&iss=http%3A%2F%2Fidp',
    );
    await waitFor(() => expect(postMessage).toHaveBeenCalled(), { timeout: 10_000 });
    expect(bodies).toEqual([{ state: 'state-0123456789', code: 'the-code', iss: 'http://idp' }]);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'fleet-portal-sso', ok: true, tokens: { token: 'sso-access', expiresIn: 900 } },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it('says why a callback was refused, and tells the opener', async () => {
    const postMessage = fakeOpener();
    api.use(
      http.post(anyOrigin(endpoints.auth.ssoCallback), () =>
        HttpResponse.json(
          { statusCode: 400, code: 'SSO_STATE_INVALID', error: 'Bad Request', message: 'x' },
          { status: 400 },
        ),
      ),
    );
    await renderPortal('/sso/cognito-cil?code=c&state=state-0123456789');
    expect(
      await screen.findByTestId('sso-SSO_STATE_INVALID', {}, { timeout: 10_000 }),
    ).toHaveTextContent('This sign-in was not started here');
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'fleet-portal-sso', ok: false, code: 'SSO_STATE_INVALID' },
      window.location.origin,
    );
  });

  it('says when the domain has no single sign-on', async () => {
    fakeOpener();
    api.use(
      http.get(anyOrigin(endpoints.auth.ssoStart), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'SSO_NOT_CONFIGURED',
            error: 'Bad Request',
            message: 'x',
            field: 'email',
          },
          { status: 400 },
        ),
      ),
    );
    await renderPortal('/sso?email=ann%40nowhere.example');
    expect(
      await screen.findByTestId('sso-SSO_NOT_CONFIGURED', {}, { timeout: 10_000 }),
    ).toHaveTextContent('No single sign-on is set up for this e-mail domain');
  });
});
