import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { ROLE_MSG } from '@app/shared/schemas/role.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { useRoles, type RoleSummary } from '../../../lib/roles-query.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { PermissionButton } from '../../../components/can.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { useDeleteRole } from '../api/delete-role.ts';
import { RoleFormModal } from './role-form-modal.tsx';

/**
 * The role list with add, edit and delete. Two screens show it (spec section 2):
 * - `card`: the Roles Management card under User Management (Name, Permissions, Actions);
 * - `page`: Role Management (Role Name, Permissions count, Users Count, Actions).
 */
export function RoleManager({ variant }: { variant: 'card' | 'page' }) {
  const { t } = useTranslation('admin');
  const { can } = useAuth();
  const roles = useRoles();
  const remove = useDeleteRole();
  // undefined: closed; null: adding; a role: editing it.
  const [editing, setEditing] = useState<RoleSummary | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<RoleSummary | null>(null);
  const showActions = can([PERMISSION.role.edit, PERMISSION.role.delete]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const body = await remove.mutateAsync(deleting.id);
      toast.success(translateMessage(t, body?.message ?? ROLE_MSG.deleted));
    } catch (err) {
      toast.error(messageOr(t, err, t('roles.errors.delete')));
    } finally {
      setDeleting(null);
    }
  };

  const columns =
    variant === 'card'
      ? [t('roles.columns.name'), t('roles.columns.permissions')]
      : [t('roles.columns.roleName'), t('roles.columns.permissionsCount'), t('roles.columns.usersCount')];

  const addButton = (
    <PermissionButton permission={PERMISSION.role.create} onClick={() => setEditing(null)}>
      <Plus className="h-4 w-4" aria-hidden />
      {t('roles.add')}
    </PermissionButton>
  );

  let body;
  if (roles.isPending) {
    body = <RolesSkeleton columns={columns.length + 1} />;
  } else if (roles.isError) {
    body =
      variant === 'card' ? (
        <Notice tone="error">
          <p>{t('roles.loadErrorDetail', { message: translateMessage(t, roles.error.message) })}</p>
          <p className="mt-1">{t('roles.configHint')}</p>
        </Notice>
      ) : (
        <Notice tone="error">{t('roles.loadError')}</Notice>
      );
  } else if (roles.data.length === 0) {
    body = <EmptyState message={t('roles.empty')} />;
  } else {
    body = (
      <Table>
        <TableHead>
          <tr>
            {columns.map((c) => (
              <TableHeaderCell key={c}>{c}</TableHeaderCell>
            ))}
            {showActions ? <TableHeaderCell className="text-end">{t('roles.columns.actions')}</TableHeaderCell> : null}
          </tr>
        </TableHead>
        <TableBody>
          {roles.data.map((role) => (
            <TableRow key={role.id}>
              <TableCell className="font-medium">{role.name}</TableCell>
              {variant === 'card' ? (
                <TableCell>
                  {role.permissions_count > 0 ? t('roles.permissionCount', { count: role.permissions_count }) : t('roles.noPermissions')}
                </TableCell>
              ) : (
                <>
                  <TableCell>{role.permissions_count}</TableCell>
                  <TableCell>{role.users_count}</TableCell>
                </>
              )}
              {showActions ? (
                <TableCell>
                  <div className="flex justify-end gap-2">
                    <PermissionButton
                      permission={PERMISSION.role.edit}
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(role)}
                      aria-label={t('roles.editRole', { name: role.name })}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                      {t('common.edit')}
                    </PermissionButton>
                    {/* Spec section 6: the Super Admin role cannot be deleted. */}
                    {role.name !== ROLE.superAdmin ? (
                      <PermissionButton
                        permission={PERMISSION.role.delete}
                        variant="danger"
                        size="sm"
                        onClick={() => setDeleting(role)}
                        aria-label={t('roles.deleteRole', { name: role.name })}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                        {t('common.delete')}
                      </PermissionButton>
                    ) : null}
                  </div>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <>
      {variant === 'card' ? (
        <section aria-labelledby="roles-card-title" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="roles-card-title" className="text-lg font-semibold">
              {t('roles.cardTitle')}
            </h2>
            {addButton}
          </div>
          {body}
        </section>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="text-xl font-semibold">{t('roles.title')}</h2>
              <p className="text-sm text-gray-600 dark:text-gray-400">{t('roles.subtitle')}</p>
            </div>
            {addButton}
          </div>
          {body}
        </div>
      )}

      {editing !== undefined ? <RoleFormModal role={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('common.confirmDeleteTitle')}
        message={variant === 'card' ? t('roles.confirmDelete') : t('roles.confirmDeleteNamed', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </>
  );
}

function RolesSkeleton({ columns }: { columns: number }) {
  const { t } = useTranslation('admin');
  return (
    <div role="status" aria-label={t('common.loading')} className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-700">
      {Array.from({ length: 4 }, (_, row) => (
        <div key={row} className="flex gap-4 border-b border-gray-100 px-4 py-4 last:border-b-0 dark:border-gray-800">
          {Array.from({ length: columns }, (_, col) => (
            <div key={col} className="h-4 flex-1 animate-pulse rounded bg-gray-200 dark:bg-gray-700" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The card under User Management; the app composes it into that screen. */
export function RolesManagementCard() {
  return <RoleManager variant="card" />;
}

