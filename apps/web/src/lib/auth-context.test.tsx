import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@app/shared/constants';
import { AuthProvider, useAuth } from './auth-context.tsx';

const USER = { id: 1, name: 'Zahra Karimi', email: 'zahra@example.org', roles: ['Teacher'], permissions: [], locale: null };

function Probe() {
  const { isLoading, isAuthenticated } = useAuth();
  return <p>{isLoading ? 'checking' : isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

function storeSession() {
  localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the stored session at start-up', () => {
  it('stays when the check gets no answer (a dropped link, or the page leaving mid-request)', async () => {
    storeSession();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    render(<AuthProvider><Probe /></AuthProvider>);
    await screen.findByText('signed in');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('stored-token');
  });

  it('stays when the server is busy or failing (429, 502, 503)', async () => {
    for (const status of [429, 502, 503]) {
      storeSession();
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Try again later.' }), { status, headers: { 'Content-Type': 'application/json' } }))));
      const view = render(<AuthProvider><Probe /></AuthProvider>);
      await screen.findByText('signed in');
      expect(localStorage.getItem(STORAGE_KEYS.token), String(status)).toBe('stored-token');
      view.unmount();
    }
  });

  it('goes when the server refuses the token', async () => {
    storeSession();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401, headers: { 'Content-Type': 'application/json' } }))));
    render(<AuthProvider><Probe /></AuthProvider>);
    await screen.findByText('signed out');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
  });
});
