import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// Initialise i18next once, with the English resources, as the app does, and the dashboard's
// (which the app loads with the dashboard layout): screens are tested without that layout.
import { loadDashboardTexts } from '../lib/i18n.ts';

await loadDashboardTexts();

// How long findBy* and waitFor wait for what a screen shows: a limit, not a measure. The library's
// 1 s ran out while a screen's first import compiled on a machine busy with other work; a screen
// that never shows it still fails, later.
configure({ asyncUtilTimeout: 10_000 });

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
