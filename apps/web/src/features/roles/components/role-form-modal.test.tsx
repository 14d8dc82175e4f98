import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@app/shared/permissions';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { groupPermissions } from './permission-groups.ts';
import { RoleFormModal } from './role-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const permissions = [
  { id: 1, name: 'view-orphans', group: 'orphans' },
  { id: 2, name: 'create-orphans', group: 'orphans' },
  { id: 3, name: 'view-results', group: 'results' },
  { id: 4, name: 'manage-settings', group: 'settings' },
  { id: 5, name: 'view-pages-drafts', group: 'pages-drafts' },
];

describe('groupPermissions', () => {
  it('groups by the part after the first hyphen and labels by the part before it', () => {
    expect(groupPermissions(permissions)).toEqual([
      { group: 'orphans', permissions: [{ name: 'view-orphans', label: 'view' }, { name: 'create-orphans', label: 'create' }] },
      { group: 'results', permissions: [{ name: 'view-results', label: 'view' }] },
      { group: 'settings', permissions: [{ name: 'manage-settings', label: 'manage' }] },
      { group: 'pages-drafts', permissions: [{ name: 'view-pages-drafts', label: 'view' }] },
    ]);
  });
});

describe('RoleFormModal', { timeout: 20_000 }, () => {
  function setup() {
    const user = makeUser({ roleNames: [ROLE.superAdmin] });
    storeSession(user);
    const fetchMock = stubServer(user, (url, init) => {
      if (url.startsWith('/api/permissions')) return jsonResponse({ data: permissions });
      if (url === '/api/roles' && init?.method === 'POST') return jsonResponse({ message: 'Role created successfully' }, 201);
      return undefined;
    });
    return fetchMock;
  }

  it('shows one checkbox group per permission group, each box labelled by its action', async () => {
    setup();
    renderWithProviders(<RoleFormModal role={null} onClose={() => {}} />);
    const orphans = await screen.findByTestId('permission-group-orphans');
    expect(within(orphans).getByText('Orphans')).toBeTruthy();
    expect(within(orphans).getByLabelText('View')).toBeTruthy();
    expect(within(orphans).getByLabelText('Create')).toBeTruthy();
    expect(within(screen.getByTestId('permission-group-settings')).getByLabelText('Manage')).toBeTruthy();
    expect(screen.getByTestId('permission-group-pages-drafts')).toBeTruthy();
  });

  it('requires a name and sends the ticked permission names', async () => {
    const fetchMock = setup();
    const onClose = vi.fn();
    renderWithProviders(<RoleFormModal role={null} onClose={onClose} />);
    const results = await screen.findByTestId('permission-group-results');
    await userEvent.click(screen.getByRole('button', { name: 'Create Role' }));
    expect(await screen.findByText('Role name is required')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Role name'), 'Librarian');
    await userEvent.click(within(results).getByLabelText('View'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Role' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/roles' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Librarian', permissions: ['view-results'] });
  });

  it('titles an edit with the role name', async () => {
    setup();
    renderWithProviders(
      <RoleFormModal
        role={{ id: 3, name: 'Teacher', permissions: [{ id: 1, name: 'view-orphans' }], permissions_count: 1, users_count: 2 }}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('Edit Role: Teacher')).toBeTruthy();
    const orphans = await screen.findByTestId('permission-group-orphans');
    expect(within(orphans).getByLabelText('View').getAttribute('aria-checked')).toBe('true');
    expect(within(orphans).getByLabelText('Create').getAttribute('aria-checked')).toBe('false');
  });
});
