// Spec point 4: the language is saved. After sign-in the portal takes the language the user saved
// (from any browser); a later change of language in the app bar is saved for them.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useLocaleState } from 'react-admin';
import { accountKeys } from '../dataProvider/account.ts';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import { isLanguageCode } from '../domain/constants.ts';
import { useUserSettings } from './useUserSettings.ts';

// Whose saved language each app (its query cache) has taken. Kept outside the component: the
// layout mounts again when the language changes, and adopting again would undo that change.
const adoptedFor = new WeakMap<object, string | number>();

export function LanguageSync() {
  const { data: settings } = useUserSettings();
  const { identity } = useGetIdentity();
  const [locale, setLocale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!settings || !identity) return;
    if (adoptedFor.get(queryClient) !== identity.id) {
      adoptedFor.set(queryClient, identity.id);
      if (settings.language && settings.language !== locale) setLocale(settings.language);
      return;
    }
    if (locale === settings.language || !isLanguageCode(locale)) return;
    void dataProvider
      .updateSettings({ language: locale })
      .then((next) => queryClient.setQueryData(accountKeys.settings, next))
      // The language still changed here; it is saved the next time.
      .catch(() => undefined);
  }, [settings, identity, locale, setLocale, dataProvider, queryClient]);

  return null;
}
