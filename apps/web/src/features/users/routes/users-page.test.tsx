import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import type { UserItem } from '@app/shared/schemas/user.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { UsersPage } from './users-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const users: UserItem[] = [
  { id: 1, name: 'Admin One', email: 'admin@example.org', email_verified_at: '2025-01-01', is_email_verified: true, roles: [{ id: 1, name: ROLE.superAdmin }], site_ids: [], sites: [], all_sites: true, created_at: '' },
  { id: 2, name: 'Teacher Two', email: 'teacher@example.org', email_verified_at: null, is_email_verified: false, roles: [{ id: 3, name: ROLE.teacher }], site_ids: [1], sites: [{ id: 1, name: 'Main site' }], all_sites: false, created_at: '' },
];

function page(data: UserItem[]) {
  const meta = { current_page: 1, last_page: 1, per_page: 10, total: data.length, from: 1, to: data.length };
  return { data, ...meta, meta };
}

function renderAs(roleNames: string[], permissionNames: string[] = []) {
  const user = makeUser({ id: 1, roleNames, permissionNames });
  storeSession(user);
  const fetchMock = stubServer(user, (url) => {
    if (url.startsWith('/api/users')) return jsonResponse(page(users));
    if (url.startsWith('/api/roles')) return jsonResponse({ data: [] });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/users']}>
      <UsersPage rolesPanel={<p>roles panel</p>} />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('UsersPage', () => {
  it('shows only the access message to someone who is not an administrator', async () => {
    const fetchMock = renderAs([ROLE.teacher], [PERMISSION.user.view]);
    expect(await screen.findByText('You do not have permission to access this page.')).toBeTruthy();
    expect(screen.queryByText('User Management')).toBeNull();
    expect(screen.queryByText('roles panel')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/users'))).toBe(false);
  });

  it('lists users for a Manager, with status, totals and the roles panel', async () => {
    renderAs([ROLE.manager], [PERMISSION.administration.administer, PERMISSION.user.view, PERMISSION.user.edit, PERMISSION.user.delete]);
    expect(await screen.findByText('Teacher Two')).toBeTruthy();
    expect(screen.getByText('User Management')).toBeTruthy();
    expect(screen.getByText('Manage system users and their roles')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeTruthy();
    expect(screen.getByText('roles panel')).toBeTruthy();
    // The only Super Admin shown has no Delete.
    expect(screen.queryByRole('button', { name: 'Delete Admin One' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Teacher Two' })).toBeTruthy();
  });

  it('asks before deleting a user', async () => {
    renderAs([ROLE.superAdmin]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Teacher Two' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeTruthy();
  });
});
