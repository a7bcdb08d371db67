// Wires the API client, authProvider and dataProvider together for one running portal.
import type { I18nProvider } from 'ra-core';
import { createAuthProvider } from './authProvider/authProvider.ts';
import { tokenStore } from './api/tokenStore.ts';
import { createApiClient } from './api/apiClient.ts';
import { createDataProvider } from './dataProvider/dataProvider.ts';

export function createProviders(i18nProvider: I18nProvider) {
  const client = createApiClient({
    store: tokenStore,
    getLanguage: () => i18nProvider.getLocale(),
  });
  return {
    authProvider: createAuthProvider(client, tokenStore),
    dataProvider: createDataProvider(client),
  };
}
