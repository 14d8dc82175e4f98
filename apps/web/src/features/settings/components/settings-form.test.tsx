import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ROLE } from '@app/shared/permissions';
import { DEFAULT_SETTINGS } from '@app/shared/schemas/settings.schema';
import { jsonResponse, makeUser, Providers, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { SettingsForm } from './settings-form.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(status: number) {
  const user = makeUser({ roleNames: [ROLE.superAdmin] });
  storeSession(user);
  const fetchMock = stubServer(user, (url, init) => {
    if (url === '/api/settings' && init?.method === 'PUT') {
      return status === 200 ? jsonResponse({ message: 'Settings updated successfully', data: DEFAULT_SETTINGS }) : jsonResponse({ message: 'Server error. Please try again later.' }, status);
    }
    if (url.startsWith('/api/settings')) return jsonResponse(DEFAULT_SETTINGS);
    return undefined;
  });
  renderWithProviders(<SettingsForm settings={{ ...DEFAULT_SETTINGS, organization_name: 'Orphan Care' }} />);
  return fetchMock;
}

/** Let pending promises (validation, fetch, state updates) settle under fake timers. */
async function flush() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

describe('SettingsForm banner', () => {
  it('shows success and removes it after 3000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = setup(200);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await flush();
    expect(screen.getByText('Settings updated successfully')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/settings' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ organization_name: 'Orphan Care', maintenance_mode: '0', items_per_page: '10' });

    await act(async () => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Settings updated successfully')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Settings updated successfully')).toBeNull();
  });

  it('shows the failure text, also for 3000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setup(500);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await flush();
    expect(screen.getByText('Failed to update settings')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Failed to update settings')).toBeNull();
  });

  it('validates the organisation name and social URLs before saving', async () => {
    const fetchMock = setup(200);
    fireEvent.change(screen.getByLabelText('Organization name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Facebook URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Organization name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid URL starting with http:// or https://')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/settings' && init?.method === 'PUT')).toBe(false);
  });

  it('keeps the success banner when the settings read again after the save turn maintenance on, and follows maintenance set elsewhere', async () => {
    const user = makeUser({ roleNames: [ROLE.superAdmin] });
    storeSession(user);
    const on = { ...DEFAULT_SETTINGS, maintenance_mode: '1' };
    stubServer(user, (url, init) => {
      if (url === '/api/settings' && init?.method === 'PUT') return jsonResponse({ message: 'Settings updated successfully', data: on });
      return undefined;
    });
    const view = renderWithProviders(<SettingsForm settings={DEFAULT_SETTINGS} />);
    const toggle = () => screen.getByRole('switch', { name: 'Maintenance mode' });
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    // The page hands the form the settings as read again after the save.
    view.rerender(<Providers><SettingsForm settings={on} /></Providers>);
    expect(screen.getByText('Settings updated successfully')).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('true');

    // Lifting a lockdown puts maintenance back off on the server: the switch shows it.
    view.rerender(<Providers><SettingsForm settings={DEFAULT_SETTINGS} /></Providers>);
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
  });
});
