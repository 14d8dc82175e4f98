import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format.ts';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { ROLE_MSG } from '@app/shared/schemas/role.schema';
import { useRoles, type RoleSummary } from '../../../lib/roles-query.ts';
import { useCan } from '../../../components/can.tsx';
import { DataTable, type Column } from '../../../components/list/data-table.tsx';
import { useRowForm } from '../../../components/list/form-modal.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { useDeleteRole } from '../api/delete-role.ts';
import { RoleFormModal } from './role-form-modal.tsx';

/**
 * The role list with add, edit and delete. Two screens show it (spec section 2):
 * - `card`: the Roles Management card under User Management (Name, Permissions, Actions);
 * - `page`: Role Management (Role Name, Permissions count, Users Count, Actions).
 * The server answers every role at once: one unpaged list.
 */
export function RoleManager({ variant }: { variant: 'card' | 'page' }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const canEdit = useCan(PERMISSION.role.edit);
  const canDelete = useCan(PERMISSION.role.delete);
  // Only a Super Admin changes the Super Admin role (the server refuses anyone else).
  const viewerIsSuperAdmin = useCan(`role:${ROLE.superAdmin}`);
  const roles = useRoles();
  const remove = useDeleteRole();
  const card = variant === 'card';
  const form = useRowForm<RoleSummary>((role, close) => <RoleFormModal role={role} onClose={close} />);
  const deletion = useConfirmDelete<RoleSummary>({
    remove: remove.mutateAsync,
    message: (role) => (card ? t('roles.confirmDelete') : t('roles.confirmDeleteNamed', { name: role.name })),
    done: ROLE_MSG.deleted,
    failed: t('roles.errors.delete'),
  });

  const name: Column<RoleSummary> = { id: 'name', header: t(card ? 'roles.columns.name' : 'roles.columns.roleName'), cell: (role) => role.name, key: true, userText: true, className: 'font-medium' };
  const columns: Column<RoleSummary>[] = card
    ? [
        name,
        {
          id: 'permissions',
          header: t('roles.columns.permissions'),
          cell: (role) => (role.permissions_count > 0 ? t('roles.permissionCount', { count: role.permissions_count }) : t('roles.noPermissions')),
        },
      ]
    : [
        name,
        { id: 'permissions', header: t('roles.columns.permissionsCount'), cell: (role) => format.number(role.permissions_count) },
        { id: 'users', header: t('roles.columns.usersCount'), cell: (role) => format.number(role.users_count) },
      ];

  return (
    <>
      <ListScreen
        id={card ? 'roles-card' : 'roles'}
        variant={card ? 'card' : 'page'}
        title={card ? t('roles.cardTitle') : t('roles.title')}
        subtitle={card ? undefined : t('roles.subtitle')}
        add={{ label: t('roles.add'), permission: PERMISSION.role.create, onClick: form.add }}
        query={roles}
        rows={roles.data ?? []}
        empty={t('roles.empty')}
        error={(message) => t('roles.loadErrorDetail', { message })}
        errorHint={card ? t('roles.configHint') : undefined}
      >
        <DataTable
          rows={roles.data ?? []}
          columns={columns}
          actions={[
            {
              kind: 'edit',
              label: (role) => t('roles.editRole', { name: role.name }),
              allowed: canEdit,
              shownFor: (role) => viewerIsSuperAdmin || role.name !== ROLE.superAdmin,
              onSelect: form.edit,
            },
            {
              kind: 'delete',
              label: (role) => t('roles.deleteRole', { name: role.name }),
              allowed: canDelete,
              // Spec section 6: the Super Admin role cannot be deleted.
              shownFor: (role) => role.name !== ROLE.superAdmin,
              onSelect: deletion.ask,
            },
          ]}
        />
      </ListScreen>

      {form.modal}
      {deletion.dialog}
    </>
  );
}

/** The card under User Management; the app composes it into that screen. */
export function RolesManagementCard() {
  return <RoleManager variant="card" />;
}
