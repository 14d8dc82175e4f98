import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { USER_MSG, type UserItem } from '@app/shared/schemas/user.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { messageOr } from '../../../lib/server-errors.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { PermissionButton } from '../../../components/can.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable, type Column } from '../../../components/list/data-table.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { useListQuery } from '../../../components/list/use-list-query.ts';
import { useListState } from '../../../components/list/use-list-state.ts';
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
  const { can } = useAuth();
  const list = useListState(USER_LIST);
  const users = useListQuery(list, usersQuery);
  const remove = useDeleteUser();
  const rows = users.data?.data ?? [];

  // undefined: closed; null: adding; a user: editing them.
  const [editing, setEditing] = useState<UserItem | null | undefined>(undefined);
  const [rolesFor, setRolesFor] = useState<UserItem | null>(null);
  const deletion = useConfirmDelete<UserItem>({
    remove: (user) => remove.mutateAsync(user.id),
    title: t('common.confirmDeleteTitle'),
    message: () => t('users.confirmDelete'),
    done: USER_MSG.deleted,
    failed: (err) => messageOr(t, err, t('users.errors.delete')),
    onRemoved: () => list.afterRemoval(rows.length),
  });

  // Spec section 6: a Super Admin cannot be deleted when they are the only one shown.
  const superAdminsShown = rows.filter(isSuperAdmin).length;

  const columns: Column<UserItem>[] = [
    { id: 'id', header: t('users.columns.id'), cell: (user) => user.id },
    { id: 'name', header: t('users.columns.name'), cell: (user) => user.name, key: true, className: 'font-medium' },
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
          {can(PERMISSION.user.edit) ? (
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
        actions={
          <PermissionButton permission={PERMISSION.user.create} onClick={() => setEditing(null)}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('users.add')}
          </PermissionButton>
        }
        list={list}
        search={{ label: t('users.searchLabel'), placeholder: t('users.search') }}
        query={users}
        rows={rows}
        meta={users.data}
        empty={t('users.empty')}
        error={(message) => t('users.loadError', { message })}
      >
        <DataTable
          rows={rows}
          rowKey={(user) => user.id}
          columns={columns}
          actions={[
            {
              id: 'edit',
              text: t('common.edit'),
              label: (user) => t('users.editUser', { name: user.name }),
              icon: Pencil,
              allowed: can(PERMISSION.user.edit),
              onSelect: setEditing,
            },
            {
              id: 'delete',
              text: t('common.delete'),
              label: (user) => t('users.deleteUser', { name: user.name }),
              icon: Trash2,
              danger: true,
              allowed: can(PERMISSION.user.delete),
              shownFor: (user) => !(isSuperAdmin(user) && superAdminsShown <= 1),
              onSelect: deletion.ask,
            },
          ]}
        />
      </ListScreen>

      {editing !== undefined ? <UserFormModal user={editing} onClose={() => setEditing(undefined)} /> : null}
      {rolesFor ? <UserRolesModal user={rolesFor} onClose={() => setRolesFor(null)} /> : null}
      {deletion.dialog}
    </>
  );
}

function isSuperAdmin(user: UserItem): boolean {
  return user.roles.some((r) => r.name === ROLE.superAdmin);
}
