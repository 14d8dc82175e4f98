import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ACCESS, PERMISSION, ROLE } from '@app/shared/permissions';
import { Can, PermissionButton } from './can.tsx';
import { makeUser, renderWithProviders, storeSession, stubServer } from '../test/render.tsx';

function signIn(user: ReturnType<typeof makeUser>) {
  storeSession(user);
  stubServer(user);
}

afterEach(() => vi.unstubAllGlobals());

describe('<Can>', () => {
  it('shows its content only with the permission', async () => {
    signIn(makeUser({ roleNames: [ROLE.teacher], permissionNames: [PERMISSION.orphan.view] }));
    renderWithProviders(
      <>
        <Can permission={PERMISSION.orphan.view}>
          <span>can view</span>
        </Can>
        <Can permission={PERMISSION.orphan.delete} fallback={<span>no delete</span>}>
          can delete
        </Can>
      </>,
    );
    expect(await screen.findByText('can view')).toBeTruthy();
    expect(screen.queryByText('can delete')).toBeNull();
    expect(screen.getByText('no delete')).toBeTruthy();
  });

  it('treats role: names as role checks and supports all-of lists', async () => {
    signIn(makeUser({ roleNames: [ROLE.manager], permissionNames: [PERMISSION.user.view] }));
    renderWithProviders(
      <>
        <Can permission={`role:${ROLE.manager}`}>
          <span>manager area</span>
        </Can>
        <Can permission={[PERMISSION.user.view, PERMISSION.settings.manage]}>
          <span>any of</span>
        </Can>
        <Can permission={[PERMISSION.user.view, PERMISSION.settings.manage]} requireAll>
          all of
        </Can>
      </>,
    );
    expect(await screen.findByText('manager area')).toBeTruthy();
    expect(screen.getByText('any of')).toBeTruthy();
    expect(screen.queryByText('all of')).toBeNull();
  });

  it('lets a Super Admin through every permission check', async () => {
    signIn(makeUser({ roleNames: [ROLE.superAdmin] }));
    renderWithProviders(<Can permission={PERMISSION.settings.manage}>settings</Can>);
    expect(await screen.findByText('settings')).toBeTruthy();
  });

  it('applies the rule a server route declares: administer AND the permission', async () => {
    // A Manager whose role lost delete-orphans no longer sees Purge, as the server refuses it.
    signIn(
      makeUser({
        roleNames: [ROLE.manager],
        permissionNames: [PERMISSION.administration.administer, PERMISSION.contact.view],
      }),
    );
    renderWithProviders(
      <>
        <Can rule={ACCESS.contacts}>
          <span>contacts</span>
        </Can>
        <Can rule={ACCESS.purgeOrphans} fallback={<span>no purge</span>}>
          purge
        </Can>
      </>,
    );
    expect(await screen.findByText('contacts')).toBeTruthy();
    expect(screen.getByText('no purge')).toBeTruthy();
    expect(screen.queryByText('purge')).toBeNull();
  });

  it('hides everything from a guest', () => {
    stubServer(null);
    renderWithProviders(<Can permission={PERMISSION.orphan.view}>secret</Can>);
    expect(screen.queryByText('secret')).toBeNull();
  });
});

describe('<PermissionButton>', () => {
  it('is hidden without the permission, or shown disabled when asked', async () => {
    signIn(makeUser({ permissionNames: [PERMISSION.orphan.view] }));
    renderWithProviders(
      <>
        <PermissionButton permission={PERMISSION.orphan.view}>View</PermissionButton>
        <PermissionButton permission={PERMISSION.orphan.edit}>Edit</PermissionButton>
        <PermissionButton permission={PERMISSION.orphan.delete} whenDenied="disable">
          Delete
        </PermissionButton>
      </>,
    );
    const view = await screen.findByRole('button', { name: 'View' });
    expect((view as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const del = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.className).toContain('disabled:opacity-50');
  });
});
