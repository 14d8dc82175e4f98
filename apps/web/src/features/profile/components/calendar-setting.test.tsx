import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { CalendarSetting } from './calendar-setting.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('<CalendarSetting>', () => {
  it('shows today in each calendar, saves the choice to the profile and follows the stored user', async () => {
    const user = userEvent.setup({ delay: null });
    let stored: AuthUser = makeUser({ name: 'Zahra', email: 'zahra@example.org', calendar: 'gregorian' });
    const puts: unknown[] = [];
    stubServer(stored, (url, init) => {
      if (url.startsWith('/api/profile') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { calendar: AuthUser['calendar'] };
        puts.push(body);
        stored = { ...stored, calendar: body.calendar };
        return jsonResponse({ message: 'Profile updated successfully!', user: stored });
      }
      if (url.startsWith('/api/auth/user')) return jsonResponse({ user: stored });
      return undefined;
    });
    storeSession(stored);
    renderWithProviders(<CalendarSetting />);

    const gregorian = (await screen.findByRole('radio', { name: /^Gregorian/ })) as HTMLInputElement;
    const hijri = screen.getByRole('radio', { name: /^Solar Hijri/ }) as HTMLInputElement;
    expect(gregorian.checked).toBe(true);
    // Each choice names today in its own calendar: a Solar Hijri year is 621 or 622 behind.
    const year = (radio: HTMLInputElement) => Number(/(\d{4})/.exec(radio.closest('label')!.textContent!)![1]);
    expect([621, 622]).toContain(year(gregorian) - year(hijri));

    await user.click(hijri);
    expect(await screen.findByText('Calendar saved.')).toBeTruthy();
    expect(puts).toEqual([{ name: 'Zahra', email: 'zahra@example.org', calendar: 'persian' }]);
    await waitFor(() => expect(hijri.checked).toBe(true));
  });

  it('says a refused save and keeps the stored calendar', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = makeUser({ calendar: 'persian' });
    stubServer(stored, (url, init) =>
      url.startsWith('/api/profile') && init?.method === 'PUT' ? jsonResponse({ message: 'Server error. Please try again later.' }, 500) : undefined,
    );
    storeSession(stored);
    renderWithProviders(<CalendarSetting />);
    await user.click(await screen.findByRole('radio', { name: /^Gregorian/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Server error|Failed to save the calendar/);
    expect((screen.getByRole('radio', { name: /^Solar Hijri/ }) as HTMLInputElement).checked).toBe(true);
  });
});
