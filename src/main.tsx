// Entry of the portal: loads the chosen language's catalog, then renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createI18nProvider, loadMessages } from './i18n/i18nProvider.ts';
import { offeredLanguages, readLanguage } from './i18n/languages.ts';
import { createProviders } from './providers.ts';

async function start() {
  const offered = offeredLanguages(window.location.hostname, import.meta.env.DEV);
  const locale = readLanguage(document.cookie, offered);
  await loadMessages(locale);
  const i18nProvider = createI18nProvider(locale, offered);
  const { authProvider, dataProvider } = createProviders(i18nProvider);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} />
    </StrictMode>,
  );
}

start().catch(() => {
  // Nothing rendered: at least say what happened, in the page's own words.
  document.body.textContent =
    'There was an error loading the page, please check your connection and try again';
});
