// The languages the portal offers; Italian only in development or on a staging host.
import {
  DEFAULT_LANGUAGE,
  WEB_APP_SETTINGS_ENTRY,
  WEB_APP_SETTINGS_LIFETIME_DAYS,
} from '../domain/constants.ts';

export interface Language {
  locale: string;
  /** The language's name in itself, so anyone can find their own. */
  name: string;
}

export const LANGUAGES: Language[] = [
  { locale: 'en', name: 'English' },
  { locale: 'zh', name: '中文（简体）' },
  { locale: 'nl', name: 'Nederlands' },
  { locale: 'fr', name: 'Français' },
  { locale: 'de', name: 'Deutsch' },
];
const ITALIAN: Language = { locale: 'it', name: 'Italiano' };

export function isStagingHost(hostname: string): boolean {
  return /(^|[.-])staging([.-]|$)/i.test(hostname);
}

export function offeredLanguages(hostname: string, development: boolean): Language[] {
  return development || isStagingHost(hostname) ? [...LANGUAGES, ITALIAN] : LANGUAGES;
}

/** The language kept in the web application settings cookie, if it is one we offer. */
export function readLanguage(cookies: string, offered: Language[]): string {
  for (const cookie of cookies.split(';')) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name !== WEB_APP_SETTINGS_ENTRY) continue;
    try {
      const settings = JSON.parse(decodeURIComponent(rest.join('='))) as { language?: unknown };
      if (offered.some((l) => l.locale === settings.language)) return settings.language as string;
    } catch {
      // A damaged cookie falls back to the default language.
    }
  }
  return DEFAULT_LANGUAGE;
}

/** A cookie, not react-admin's store, so that the choice survives sign-out (which clears the store). */
export function languageCookie(locale: string): string {
  const value = encodeURIComponent(JSON.stringify({ language: locale }));
  const maxAgeS = WEB_APP_SETTINGS_LIFETIME_DAYS * 86_400;
  return `${WEB_APP_SETTINGS_ENTRY}=${value}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax`;
}
