import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format.ts';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { USER_MSG, type UserItem } from '@app/shared/schemas/user.schema';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { useCan } from '../../../components/can.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable, type Column } from '../../../components/list/data-table.tsx';
import { useRowForm } from '../../../components/list/form-modal.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import type { ListSpec } from '../../../components/list/list-params.ts';
import { usersQuery } from '../api/get-users.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { UserRolesModal } from '../components/user-roles-modal.tsx';

const USER_LIST: ListSpec = {};

/**
 * /dashboard/users: User Management (spec section 2). `rolesPanel` is the Roles Management card,
 * which belongs to the roles feature; the app composes it in below the users table.
 */
export function UsersPage({ rolesPanel }: { rolesPanel?: ReactNode }) {
  return (
    <AdminOnly>
      <div className="space-y-8">
        <UsersSection />
        {rolesPanel}
      </div>
    </AdminOnly>
  );
}

function UsersSection() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const canEdit = useCan(PERMISSION.user.edit);
  const canDelete = useCan(PERMISSION.user.delete);
  // Only a Super Admin changes a Super Admin (the server refuses anyone else).
  const viewerIsSuperAdmin = useCan(`role:${ROLE.superAdmin}`);
  const mayChange = (user: UserItem) => viewerIsSuperAdmin || !isSuperAdmin(user);
  const users = usePagedList(USER_LIST, usersQuery, flatPage);
  const remove = useDeleteUser();
  const rows = users.rows;

  const form = useRowForm<UserItem>((user, close) => <UserFormModal user={user} onClose={close} />);
  const [rolesFor, setRolesFor] = useState<UserItem | null>(null);
  const deletion = useConfirmDelete<UserItem>({
    remove: remove.mutateAsync,
    message: t('users.confirmDelete'),
    done: USER_MSG.deleted,
    failed: t('users.errors.delete'),
    from: users,
  });

  // Spec section 6: a Super Admin cannot be deleted when they are the only one shown.
  const superAdminsShown = rows.filter(isSuperAdmin).length;

  const columns: Column<UserItem>[] = [
    { id: 'id', header: t('users.columns.id'), cell: (user) => format.id(user.id) },
    { id: 'name', header: t('users.columns.name'), cell: (user) => user.name, key: true, userText: true, className: 'font-medium' },
    { id: 'email', header: t('users.columns.email'), cell: (user) => <span dir="ltr">{user.email}</span> },
    {
      id: 'roles',
      header: t('users.columns.roles'),
      cell: (user) => (
        <div className="flex flex-wrap items-center gap-1">
          {user.roles.length > 0 ? (
            user.roles.map((role) => (
              <Badge key={role.id} tone="blue">
                {role.name}
              </Badge>
            ))
          ) : (
            <span className="text-gray-500">{t('users.noRoles')}</span>
          )}
          {canEdit && mayChange(user) ? (
            <button
              type="button"
              className="ms-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
              onClick={() => setRolesFor(user)}
              aria-label={t('users.editRolesFor', { name: user.name })}
            >
              {t('users.editRoles')}
            </button>
          ) : null}
        </div>
      ),
    },
    {
      id: 'sites',
      header: t('users.columns.sites'),
      from: 'xl',
      cell: (user) =>
        user.all_sites ? (
          <Badge tone="green">{t('users.allSites')}</Badge>
        ) : (
          <div className="flex flex-wrap gap-1">
            {user.sites.map((site) => (
              <Badge key={site.id} tone="gray">
                <bdi>{site.name}</bdi>
              </Badge>
            ))}
          </div>
        ),
    },
    {
      id: 'status',
      header: t('users.columns.status'),
      cell: (user) =>
        user.is_email_verified ? <Badge tone="green">{t('users.verified')}</Badge> : <Badge tone="yellow">{t('users.pending')}</Badge>,
    },
  ];

  return (
    <>
      <ListScreen
        id="users"
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        add={{ label: t('users.add'), permission: PERMISSION.user.create, onClick: form.add }}
        search={{ label: t('users.searchLabel'), placeholder: t('users.search') }}
        {...users}
        empty={t('users.empty')}
        error={(message) => t('users.loadError', { message })}
      >
        <DataTable
          rows={rows}
          columns={columns}
          actions={[
            { kind: 'edit', label: (user) => t('users.editUser', { name: user.name }), allowed: canEdit, shownFor: mayChange, onSelect: form.edit },
            {
              kind: 'delete',
              label: (user) => t('users.deleteUser', { name: user.name }),
              allowed: canDelete,
              shownFor: (user) => mayChange(user) && !(isSuperAdmin(user) && superAdminsShown <= 1),
              onSelect: deletion.ask,
            },
          ]}
        />
      </ListScreen>

      {form.modal}
      {rolesFor ? <UserRolesModal user={rolesFor} onClose={() => setRolesFor(null)} /> : null}
      {deletion.dialog}
    </>
  );
}

function isSuperAdmin(user: UserItem): boolean {
  return user.roles.some((r) => r.name === ROLE.superAdmin);
}
