// Web test setup: DOM matchers, and a clean page, storage and cookie jar for every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { tokenStore } from '../../src/api/tokenStore.ts';

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
