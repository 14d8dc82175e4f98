import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@app/shared/constants';

/** The page's sign-in token where the app keeps it: localStorage with "Remember me", else the session cookie (lib/stored-session.ts). */
export async function pageToken(page: Page): Promise<string | null> {
  const remembered = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  if (remembered) return remembered;
  const cookie = (await page.context().cookies()).find((c) => c.name === STORAGE_KEYS.token);
  return cookie ? decodeURIComponent(cookie.value) : null;
}

/**
 * A call to the API from a signed-in page, as the app makes it (the page's bearer token, the CSRF
 * cookie echoed in X-XSRF-TOKEN). Tests use it to set a scene, never to check a screen.
 */
export async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ method, url, body, token }) => {
      await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          'X-XSRF-TOKEN': xsrf,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, url, body, token },
  ) as Promise<T>;
}
