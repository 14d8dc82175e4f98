import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ROLE } from '@app/shared/permissions';
import { api } from '../../lib/api-client.ts';
import { clearServiceUnavailable } from '../../lib/maintenance.ts';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../test/render.tsx';
import { MaintenanceGate } from './maintenance-gate.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearServiceUnavailable();
});

function renderAt(path: string, roleNames: string[] | null, maintenance: '0' | '1') {
  const user = roleNames ? makeUser({ roleNames }) : null;
  if (user) storeSession(user);
  let mode = maintenance;
  stubServer(user, (url) => {
    if (url.startsWith('/api/settings/public')) return jsonResponse({ organization_name: 'Orphan Care', maintenance_mode: mode });
    if (url.startsWith('/api/orphans')) {
      // An administrator switched maintenance on after this page loaded its settings.
      mode = '1';
      return jsonResponse({ message: 'The system is under maintenance. Please try again later.' }, 503);
    }
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<MaintenanceGate />}>
          <Route path="/login" element={<p>login screen</p>} />
          <Route path="/dashboard" element={<p>dashboard screen</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('MaintenanceGate', () => {
  it('shows the maintenance page to staff while maintenance mode is on', async () => {
    renderAt('/dashboard', [ROLE.teacher], '1');
    expect(await screen.findByRole('heading', { name: 'Under maintenance' })).toBeTruthy();
    expect(screen.queryByText('dashboard screen')).toBeNull();
  });

  it('lets administrators through', async () => {
    renderAt('/dashboard', [ROLE.manager], '1');
    expect(await screen.findByText('dashboard screen')).toBeTruthy();
  });

  it('keeps the login page reachable', async () => {
    renderAt('/login', null, '1');
    expect(await screen.findByText('login screen')).toBeTruthy();
  });

  it('turns on when any call answers 503', async () => {
    renderAt('/dashboard', [ROLE.teacher], '0');
    expect(await screen.findByText('dashboard screen')).toBeTruthy();
    await api.get('/orphans').catch(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Under maintenance' })).toBeTruthy();
    // The settings, fetched again after the 503, confirm it: the page stays.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('heading', { name: 'Under maintenance' })).toBeTruthy();
  });
});
