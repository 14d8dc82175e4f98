import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@app/shared/constants';
import { i18n } from '../lib/i18n.ts';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../test/render.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

async function pick(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('language-switcher'));
  await user.click(await screen.findByRole('menuitemradio', { name }));
}

describe('LanguageSwitcher', () => {
  it('offers each language by its own name and switches a visitor without asking the server', async () => {
    const fetchMock = stubServer(null);
    renderWithProviders(<LanguageSwitcher />);
    expect(screen.getByTestId('language-switcher').getAttribute('aria-label')).toBe('Language: English');
    await pick('پښتو');
    await waitFor(() => expect(i18n.language).toBe('ps-AF'));
    expect(screen.getByTestId('language-switcher').getAttribute('aria-label')).toBe('ژبه: پښتو');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ps-AF');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/profile'))).toBe(false);
  });

  it("switches a signed-in user to their stored language, and saves a new choice to their profile", async () => {
    const stored = makeUser({ name: 'Zahra', email: 'zahra@example.org', locale: 'ps-AF' });
    let current = stored;
    const saved: unknown[] = [];
    const fetchMock = stubServer(stored, (url, init) => {
      if (url === '/api/profile' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { locale: 'fa-AF' };
        saved.push(body);
        current = { ...current, locale: body.locale };
        return jsonResponse({ message: 'Profile updated successfully!', user: current });
      }
      if (url.startsWith('/api/auth/user')) return jsonResponse({ user: current });
      return undefined;
    });
    storeSession(stored);
    renderWithProviders(<LanguageSwitcher />);
    await waitFor(() => expect(i18n.language).toBe('ps-AF'));

    await pick('دری');
    await waitFor(() => expect(saved).toEqual([{ name: 'Zahra', email: 'zahra@example.org', locale: 'fa-AF' }]));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/user')).length).toBeGreaterThan(1));
    expect(i18n.language).toBe('fa-AF'); // the saved choice is not undone by the stored one it replaced
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/profile');
    expect((put?.[1]?.headers as Record<string, string>)['Accept-Language']).toBe('fa-AF');
  });
});
