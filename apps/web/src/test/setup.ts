import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// Initialise i18next once, with the English resources, as the app does.
import '../lib/i18n.ts';

// jsdom has no ResizeObserver; Radix Checkbox and Switch measure themselves with it.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
