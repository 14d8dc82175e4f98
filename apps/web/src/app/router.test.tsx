import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { routes } from './router.tsx';
import { makeUser, Providers, storeSession, stubServer } from '../test/render.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

// Screens load on demand: the first import of one in this test process can take seconds on a busy machine.
const SCREEN_LOADED = { timeout: 10_000 };

describe('protected routes', () => {
  it('sends a guest to /login and remembers where they were going', async () => {
    stubServer(null);
    const router = renderAt('/dashboard/orphans?page=2');
    expect(await screen.findByRole('heading', { name: 'Log in' }, SCREEN_LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/orphans', search: '?page=2' } });
  });

  it("shows 'Loading...' while a stored session is being checked", async () => {
    const user = makeUser({ roleNames: [ROLE.superAdmin] });
    storeSession(user);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubServer(user);
    const plain = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return plain(...args);
    });
    renderAt('/dashboard');
    expect(screen.getByText('Loading...')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, SCREEN_LOADED)).toBeTruthy();
  });

  it('sends a signed-in user without the permission to /unauthorized', async () => {
    const user = makeUser({ permissionNames: [PERMISSION.result.view] });
    storeSession(user);
    stubServer(user);
    const router = renderAt('/dashboard/orphans');
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, SCREEN_LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('lets a user with the permission in', async () => {
    const user = makeUser({ permissionNames: [PERMISSION.orphan.view] });
    storeSession(user);
    stubServer(user);
    const router = renderAt('/dashboard/orphans');
    expect(await screen.findByRole('heading', { name: 'Orphans', level: 1 }, SCREEN_LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/orphans');
  });

  it('keeps the contacts page to Super Admin and Manager', async () => {
    const user = makeUser({ roleNames: [ROLE.caseworker], permissionNames: [PERMISSION.contact.view] });
    storeSession(user);
    stubServer(user);
    const router = renderAt('/dashboard/contacts');
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, SCREEN_LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});

describe('aliases and unknown paths', () => {
  it('redirects a short alias to the same path under /dashboard, sub-path included', async () => {
    const user = makeUser({ roleNames: [ROLE.superAdmin] });
    storeSession(user);
    stubServer(user);
    const router = renderAt('/orphans/create');
    await screen.findAllByText('Orphans');
    expect(router.state.location.pathname).toBe('/dashboard/orphans/create');
  });

  it("shows '404 - Page Not Found' for an unknown path", async () => {
    stubServer(null);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' }, SCREEN_LOADED)).toBeTruthy();
  });

  it('serves /Services and /services alike', async () => {
    stubServer(null);
    renderAt('/services');
    expect(await screen.findByRole('heading', { name: 'Our Services' }, SCREEN_LOADED)).toBeTruthy();
  });
});
