// react-admin's i18n provider: English under every language, other languages loaded on demand.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { layer, type Messages } from './catalog.ts';
import { en } from './en.ts';
import { languageCookie, type Language } from './languages.ts';

const english = en as unknown as Messages;

const loaders: Record<string, () => Promise<Messages>> = {
  zh: () => import('./zh.ts').then((m) => m.zh as unknown as Messages),
  nl: () => import('./nl.ts').then((m) => m.nl as unknown as Messages),
  fr: () => import('./fr.ts').then((m) => m.fr as unknown as Messages),
  de: () => import('./de.ts').then((m) => m.de as unknown as Messages),
  it: () => import('./it.ts').then((m) => m.it as unknown as Messages),
};

const loaded = new Map<string, Messages>([['en', english]]);

/** The catalog of `locale` with English filling any gap; cached after the first load. */
export async function loadMessages(locale: string): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const load = loaders[locale];
  const messages = load ? layer(english, await load()) : english;
  loaded.set(locale, messages);
  return messages;
}

/** The page's language, for screen readers, the browser's translation offer and hyphenation. */
function markLanguage(locale: string) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : locale;
  }
}

/** `initialLocale` must have been loaded with loadMessages first: polyglot needs it at once. */
export function createI18nProvider(
  initialLocale: string,
  offered: Language[],
  saveCookie: (cookie: string) => void = (cookie) => {
    document.cookie = cookie;
  },
): I18nProvider {
  markLanguage(initialLocale);
  const provider = polyglotI18nProvider(
    (locale) =>
      (loaded.get(locale) ?? loadMessages(locale)) as
        TranslationMessages | Promise<TranslationMessages>,
    initialLocale,
    offered,
    { allowMissing: true },
  );
  return {
    ...provider,
    async changeLocale(locale, options) {
      await provider.changeLocale(locale, options);
      saveCookie(languageCookie(locale));
      markLanguage(locale);
    },
  };
}
