// Web test setup: DOM matchers, and a clean page, storage and cookie jar for every test.
import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the outbox of writes made without a signal keeps them in one.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { tokenStore } from '../../src/api/tokenStore.ts';
import { installFastLabels } from './fastLabels.ts';
import { dropStyles } from './styleCache.ts';

installFastLabels();
// jsdom lays nothing out, so it has no scrollIntoView; the screens that call it get a no-op.
Element.prototype.scrollIntoView ??= () => undefined;

// Screens render in jsdom beside another test file's worker on two cores: a second, Testing
// Library's default wait, was too short for a busy machine. A screen that never shows still fails.
configure({ asyncUtilTimeout: 10_000 });

// The web files share a worker's module graph (vite.config.ts): every module the portal loads on
// demand is loaded before a file's first test, once per worker. Loaded by a screen instead, an
// import still running when one file's page was torn down stayed failed in the shared graph, and
// the next files' screens never came. One at a time, as the screens would load them: leaflet's
// plugins read the global leaflet sets up.
const onDemand = import.meta.glob([
  '../../src/custom-pages/**/*.tsx',
  '../../src/resources/**/*.tsx',
  '../../src/i18n/*.ts',
]);
beforeAll(async () => {
  for (const load of Object.values(onDemand)) await load();
  await import('world-atlas/countries-110m.json');
}, 120_000);

afterEach(() => {
  cleanup();
  dropStyles();
  tokenStore.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.history.replaceState(null, '', '/');
});
