import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ADMINISTER, ROLE, isAdministrator } from '@app/shared/permissions';
import { api } from '../../lib/api-client.ts';
import { clearServiceUnavailable } from '../../lib/maintenance.ts';
import { jsonResponse, makeUser, Providers, storeSession, stubServer } from '../../test/render.tsx';
import { routes } from '../router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  clearServiceUnavailable();
});

const UNDER_MAINTENANCE = { name: 'Under maintenance' };

/** The app's own route tree, so the test sees where the router puts the gate. */
function renderAt(path: string, roleNames: string[] | null, maintenance: '0' | '1', permissionNames: string[] = []) {
  const user = roleNames ? makeUser({ roleNames, permissionNames }) : null;
  if (user) storeSession(user);
  let mode = maintenance;
  stubServer(user, (url) => {
    if (url.startsWith('/api/settings/public')) return jsonResponse({ organization_name: 'Orphan Care', maintenance_mode: mode });
    if (url.startsWith('/api/pages/published')) return jsonResponse({ data: [] });
    if (url.startsWith('/api/dashboard') || url.startsWith('/api/orphans')) {
      // An administrator switched maintenance on after this page loaded its settings.
      if (!isAdministrator(user)) {
        mode = '1';
        return jsonResponse({ message: 'The system is under maintenance. Please try again later.' }, 503);
      }
      return jsonResponse({ data: {} });
    }
    return undefined;
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('MaintenanceGate', () => {
  it('shows the maintenance page to staff on the dashboard while maintenance mode is on', async () => {
    renderAt('/dashboard', [ROLE.teacher], '1');
    expect(await screen.findByRole('heading', UNDER_MAINTENANCE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Website' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign out and log in as an administrator' })).toBeTruthy();
  });

  it('lets administrators into the dashboard', async () => {
    renderAt('/dashboard', [ROLE.manager], '1', [ADMINISTER]);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('heading', UNDER_MAINTENANCE)).toBeNull();
  });

  it('keeps the public site open to visitors: home, contact form, sign-in', async () => {
    renderAt('/contact', null, '1');
    // Screens load on demand; the first import of one in this test process takes a moment.
    expect(await screen.findByRole('heading', { name: 'Send us a message' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', UNDER_MAINTENANCE)).toBeNull();
  });

  it('keeps the public site open to signed-in staff too', async () => {
    renderAt('/', [ROLE.teacher], '1');
    expect(await screen.findByRole('heading', { name: "Caring for Afghanistan's orphans, families and communities" })).toBeTruthy();
    expect(screen.queryByRole('heading', UNDER_MAINTENANCE)).toBeNull();
  });

  it('keeps the login page reachable', async () => {
    renderAt('/login', null, '1');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('turns on when a dashboard call answers 503, and the public site stays open after it', async () => {
    const router = renderAt('/dashboard', [ROLE.teacher], '0');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await api.get('/orphans').catch(() => undefined);
    expect(await screen.findByRole('heading', UNDER_MAINTENANCE)).toBeTruthy();
    // The settings, fetched again after the 503, confirm it: the page stays.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('heading', UNDER_MAINTENANCE)).toBeTruthy();
    await act(() => router.navigate('/contact'));
    expect(await screen.findByRole('heading', { name: 'Send us a message' })).toBeTruthy();
    expect(screen.queryByRole('heading', UNDER_MAINTENANCE)).toBeNull();
  });
});
