// Every offered language has every key English has; the language choice cookie reads back.
import germanMessages from 'ra-language-german';
import { describe, expect, it } from 'vitest';
import { leafKeys, layer, type Messages } from '../../src/i18n/catalog.ts';
import { de } from '../../src/i18n/de.ts';
import { en } from '../../src/i18n/en.ts';
import { fr } from '../../src/i18n/fr.ts';
import { it as italian } from '../../src/i18n/it.ts';
import {
  LANGUAGES,
  languageCookie,
  offeredLanguages,
  readLanguage,
} from '../../src/i18n/languages.ts';
import { nl } from '../../src/i18n/nl.ts';
import { zh } from '../../src/i18n/zh.ts';

const catalogs: Record<string, Messages> = {
  zh: zh as unknown as Messages,
  nl: nl as unknown as Messages,
  fr: fr as unknown as Messages,
  de: de as unknown as Messages,
};
const englishKeys = leafKeys(en as unknown as Messages);

describe('catalogs', () => {
  it('offer exactly English, Chinese, Dutch, French and German in production', () => {
    expect(LANGUAGES.map((l) => l.locale)).toEqual(['en', 'zh', 'nl', 'fr', 'de']);
    expect(Object.keys(catalogs).sort()).toEqual(['de', 'fr', 'nl', 'zh']);
  });

  it.each(Object.keys(catalogs))(
    '%s has every key English has, each a non-empty string',
    (locale) => {
      const catalog = catalogs[locale] as Messages;
      const keys = new Set(leafKeys(catalog));
      const missing = englishKeys.filter((key) => !keys.has(key));
      expect(missing).toEqual([]);
      const extra = [...keys].filter((key) => !englishKeys.includes(key));
      expect(extra).toEqual([]);
    },
  );

  it('takes react-admin’s German from ra-language-german, with ours over it', () => {
    const german = (germanMessages as { ra: { action: Record<string, string> } }).ra.action;
    expect(de.ra.action.back).toBe(german.back);
    expect(de.ra.action.save).toBe(german.save);
    // Ours where the package spells it the Swiss way.
    expect(german.close).toBe('Schliessen');
    expect(de.ra.action.close).toBe('Schließen');
  });

  it('keeps our placeholders, and never invents one in react-admin messages', () => {
    const placeholders = (text: string) =>
      new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]));
    const lookup = (messages: Messages, key: string) =>
      key
        .split('.')
        .reduce<Messages | string | undefined>(
          (node, part) => (typeof node === 'object' ? node[part] : undefined),
          messages,
        );
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const key of englishKeys) {
        const english = placeholders(lookup(en as unknown as Messages, key) as string);
        const translated = placeholders(lookup(catalog, key) as string);
        if (key.startsWith('ra.')) {
          // A translation may leave a name out of a sentence, but a placeholder English lacks would show raw.
          expect(
            [...translated].filter((p) => !english.has(p)),
            `${locale} ${key}`,
          ).toEqual([]);
        } else {
          expect(translated, `${locale} ${key}`).toEqual(english);
        }
      }
    }
  });

  it('layers English under Italian, so no gap shows a raw key', () => {
    const layered = layer(en as unknown as Messages, italian as unknown as Messages);
    expect(leafKeys(layered).sort()).toEqual([...englishKeys].sort());
    expect((layered.app as Messages).name).toBe('Portale flotta');
  });
});

describe('language choice', () => {
  it('offers Italian only in development or on a staging host', () => {
    expect(offeredLanguages('portal.example.com', false).map((l) => l.locale)).not.toContain('it');
    expect(offeredLanguages('portal.example.com', true).map((l) => l.locale)).toContain('it');
    expect(offeredLanguages('staging.portal.example.com', false).map((l) => l.locale)).toContain(
      'it',
    );
    expect(offeredLanguages('portal-staging.example.com', false).map((l) => l.locale)).toContain(
      'it',
    );
  });

  it('persists the choice for 360 days in the web application settings entry', () => {
    const cookie = languageCookie('de');
    expect(cookie).toMatch(/^webAppSettings=/);
    expect(cookie).toContain(`Max-Age=${360 * 86_400}`);
    const pair = cookie.split(';')[0] ?? '';
    expect(readLanguage(`other=1; ${pair}`, LANGUAGES)).toBe('de');
    expect(readLanguage('webAppSettings=%7Bbroken', LANGUAGES)).toBe('en');
    expect(readLanguage(languageCookie('it').split(';')[0] ?? '', LANGUAGES)).toBe('en');
  });
});
