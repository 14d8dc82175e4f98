import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { USER_MSG, type UserItem } from '@app/shared/schemas/user.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { PermissionButton } from '../../../components/can.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { useUsers } from '../api/get-users.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { UserRolesModal } from '../components/user-roles-modal.tsx';

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
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search);
  const users = useUsers({ page, search: debouncedSearch });
  const remove = useDeleteUser();

  const [editing, setEditing] = useState<UserItem | null | undefined>(undefined);
  const [rolesFor, setRolesFor] = useState<UserItem | null>(null);
  const [deleting, setDeleting] = useState<UserItem | null>(null);

  const rows = users.data?.data ?? [];
  // Spec section 6: a Super Admin cannot be deleted when they are the only one shown.
  const superAdminsShown = rows.filter(isSuperAdmin).length;
  const canDelete = (user: UserItem) => !(isSuperAdmin(user) && superAdminsShown <= 1);
  const showActions = can([PERMISSION.user.edit, PERMISSION.user.delete]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const body = await remove.mutateAsync(deleting.id);
      toast.success(translateMessage(t, body?.message ?? USER_MSG.deleted));
      // The last row of the last page is gone: step back a page.
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      toast.error(messageOr(t, err, t('users.errors.delete')));
    } finally {
      setDeleting(null);
    }
  };

  const meta = users.data?.meta ?? users.data;

  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="users-title" className="text-xl font-semibold">
            {t('users.title')}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('users.subtitle')}</p>
        </div>
        <PermissionButton permission={PERMISSION.user.create} onClick={() => setEditing(null)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('users.add')}
        </PermissionButton>
      </div>

      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" aria-hidden />
        <Input
          type="search"
          className="ps-9"
          placeholder={t('users.search')}
          aria-label={t('users.searchLabel')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>

      <ListStates
        isError={users.isError}
        error={t('users.loadError', { message: translateMessage(t, users.error?.message ?? '') })}
        isPending={users.isPending}
        isEmpty={rows.length === 0}
        empty={t('users.empty')}
      >
        <Table aria-busy={users.isFetching || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('users.columns.id')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.email')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.roles')}</TableHeaderCell>
              <TableHeaderCell>{t('users.columns.status')}</TableHeaderCell>
              {showActions ? <TableHeaderCell className="text-end">{t('users.columns.actions')}</TableHeaderCell> : null}
            </tr>
          </TableHead>
          <TableBody>
            {rows.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{user.id}</TableCell>
                <TableCell className="font-medium">{user.name}</TableCell>
                <TableCell dir="ltr" className="text-start">
                  {user.email}
                </TableCell>
                <TableCell>
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
                </TableCell>
                <TableCell>
                  {user.is_email_verified || user.email_verified_at ? (
                    <Badge tone="green">{t('users.verified')}</Badge>
                  ) : (
                    <Badge tone="yellow">{t('users.pending')}</Badge>
                  )}
                </TableCell>
                {showActions ? (
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      <PermissionButton
                        permission={PERMISSION.user.edit}
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(user)}
                        aria-label={t('users.editUser', { name: user.name })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden />
                        {t('common.edit')}
                      </PermissionButton>
                      {canDelete(user) ? (
                        <PermissionButton
                          permission={PERMISSION.user.delete}
                          variant="danger"
                          size="sm"
                          onClick={() => setDeleting(user)}
                          aria-label={t('users.deleteUser', { name: user.name })}
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
      </ListStates>

      {meta && rows.length > 0 ? (
        <Paginator currentPage={meta.current_page} lastPage={meta.last_page} onPageChange={setPage} from={meta.from} to={meta.to} total={meta.total} />
      ) : null}

      {editing !== undefined ? <UserFormModal user={editing} onClose={() => setEditing(undefined)} /> : null}
      {rolesFor ? <UserRolesModal user={rolesFor} onClose={() => setRolesFor(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('common.confirmDeleteTitle')}
        message={t('users.confirmDelete')}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </section>
  );
}

function isSuperAdmin(user: UserItem): boolean {
  return user.roles.some((r) => r.name === ROLE.superAdmin);
}
