// The brand screen against a mocked API: the hex and contrast rules, Save only with four valid
// colours sending only what changed, the logo's format and size refused before sending, Reset,
// and the failure notice of point 8.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_CONFIGURATION } from '../../src/domain/brand.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

/** The forms Save sends, as name → value (a file by its name). */
function recordSaves(reply = 200): Record<string, string>[] {
  const forms: Record<string, string>[] = [];
  api.use(
    http.post(anyOrigin(endpoints.portal.brandconfig), async ({ request }) => {
      const form = await request.formData();
      forms.push(
        Object.fromEntries(
          [...form.entries()].map(([name, value]) => [
            name,
            typeof value === 'string' ? value : `file:${value.name}`,
          ]),
        ),
      );
      if (reply !== 200)
        return HttpResponse.json({ statusCode: reply, message: 'broken' }, { status: reply });
      return HttpResponse.json({
        ...DEFAULT_BRAND_CONFIGURATION,
        primaryColour: { backgroundColour: '#FFFFFF', textColour: '#777777' },
        isChosen: true,
      });
    }),
  );
  return forms;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function openScreen() {
  signedIn();
  await renderPortal('/organisation/brand-configuration');
  await screen.findByText(/apply to every user of your organisation/, {}, { timeout: 10_000 });
}

describe('brand configuration screen', () => {
  it('checks each colour, warns about low contrast, and sends only what changed', async () => {
    const forms = recordSaves();
    await openScreen();
    expect(saveButton()).toBeDisabled();

    await userEvent.clear(field('Primary background'));
    await userEvent.type(field('Primary background'), '#FFFF');
    expect(await screen.findByText('Invalid hex code')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await userEvent.clear(field('Primary background'));
    await userEvent.type(field('Primary background'), '#FFFFFF');
    await userEvent.clear(field('Primary text'));
    await userEvent.type(field('Primary text'), '#777777');
    expect(screen.queryByText('Invalid hex code')).not.toBeInTheDocument();
    expect(screen.getByText(/do not meet AA accessibility standards/)).toBeInTheDocument();
    expect(screen.getByTestId('brand-preview-navigation')).toHaveStyle({
      backgroundColor: 'rgb(255, 255, 255)',
      color: 'rgb(119, 119, 119)',
    });

    await userEvent.click(saveButton());
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]).toEqual({
      primary_background_colour: '#FFFFFF',
      primary_text_colour: '#777777',
    });
    expect(
      await screen.findByText('The brand configuration settings are successfully saved.'),
    ).toBeInTheDocument();
  });

  it('refuses a logo that is not a PNG, or too big, before sending it', async () => {
    const forms = recordSaves();
    await openScreen();
    const input = screen.getByTestId('brand-logo-input');
    await userEvent.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(
      await screen.findByText('Unsupported file format. Please use only allowed format files.'),
    ).toBeInTheDocument();
    await userEvent.upload(
      input,
      new File([new Uint8Array(1_000_001)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('File size is too big.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await userEvent.upload(
      input,
      new File([new Uint8Array(80)], 'brand.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('brand.png')).toBeInTheDocument();
    await userEvent.click(saveButton());
    await waitFor(() => expect(forms).toHaveLength(1));
    // Only the logo: no colour changed. (jsdom's files lose their names on the way to msw.)
    expect(Object.keys(forms[0] ?? {})).toEqual(['logoFile']);
    expect(forms[0]?.logoFile).toMatch(/^file:/);
  });

  it('says so when saving fails, and resets to the defaults', async () => {
    recordSaves(500);
    let resets = 0;
    api.use(
      http.delete(anyOrigin(endpoints.portal.brandconfig), () => {
        resets += 1;
        return HttpResponse.json(DEFAULT_BRAND_CONFIGURATION);
      }),
    );
    await openScreen();
    await userEvent.clear(field('Secondary text'));
    await userEvent.type(field('Secondary text'), '#000');
    await userEvent.click(saveButton());
    expect(
      await screen.findByText(/Something went wrong saving brand configuration settings/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText('The brand configuration settings are successfully reset.'),
    ).toBeInTheDocument();
    expect(resets).toBe(1);
  });
});
