// Web test setup: DOM matchers, and a clean page, storage and cookie jar for every test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { tokenStore } from '../../src/api/tokenStore.ts';

// Screens render in jsdom beside another test file's worker on two cores: a second, Testing
// Library's default wait, was too short for a busy machine. A screen that never shows still fails.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  tokenStore.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.history.replaceState(null, '', '/');
});
