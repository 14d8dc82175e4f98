import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { createQueryClient } from '../lib/query-client.ts';
import { i18n } from '../lib/i18n.ts';
import { ThemeProvider } from '../lib/theme-context.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';

export function makeUser(overrides: Partial<AuthUser> & { roleNames?: string[]; permissionNames?: string[] } = {}): AuthUser {
  const { roleNames = [], permissionNames = [], ...rest } = overrides;
  return {
    id: 1,
    name: 'Test User',
    email: 'test@example.org',
    email_verified_at: null,
    calendar: 'gregorian',
    locale: null,
    roles: roleNames.map((name, i) => ({ id: i + 1, name })),
    permissions: permissionNames.map((name, i) => ({ id: i + 1, name })),
    sites: [{ id: 1, name: 'Main site' }],
    all_sites: false,
    ...rest,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stub fetch like a server: GET /api/auth/user answers `user` (401 without one); anything else is
 * handed to `other` or answers 404.
 */
export function stubServer(user: AuthUser | null, other?: (url: string, init?: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const custom = other?.(url, init);
    if (custom) return custom;
    if (url.startsWith('/api/auth/user')) return user ? jsonResponse({ user }) : jsonResponse({ message: 'Unauthenticated.' }, 401);
    if (url.startsWith('/sanctum/csrf-cookie')) return new Response(null, { status: 204 });
    return jsonResponse({ message: 'Not Found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Store a session as a signed-in browser would have it. */
export function storeSession(user: AuthUser): void {
  localStorage.setItem(STORAGE_KEYS.token, '1|test-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider>
          <AuthProvider>{children}</AuthProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export function renderWithProviders(ui: ReactNode) {
  return render(<Providers>{ui}</Providers>);
}
