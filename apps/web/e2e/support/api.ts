import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@app/shared/constants';

/**
 * A call to the API from a signed-in page, as the app makes it (bearer token from localStorage,
 * the CSRF cookie echoed in X-XSRF-TOKEN). Tests use it to set a scene, never to check a screen.
 */
export async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body, tokenKey }) => {
      await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const token = localStorage.getItem(tokenKey);
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
    { method, url, body, tokenKey: STORAGE_KEYS.token },
  ) as Promise<T>;
}
