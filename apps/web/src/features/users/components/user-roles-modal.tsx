import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { USER_MSG, type UserItem } from '@app/shared/schemas/user.schema';
import { useAssignableRoles } from '../../../lib/roles-query.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUpdateUserRoles } from '../api/update-user-roles.ts';

/** 'Manage Roles for {user}': one checkbox per role, Cancel / Save Roles (spec section 2). */
export function UserRolesModal({ user, onClose }: { user: UserItem; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const roles = useAssignableRoles();
  const save = useUpdateUserRoles();
  const [selected, setSelected] = useState<number[]>(() => user.roles.map((r) => r.id));
  const [failure, setFailure] = useState<string | null>(null);

  const onSave = async () => {
    setFailure(null);
    try {
      const body = await save.mutateAsync({ id: user.id, roleIds: selected });
      toast.success(translateMessage(t, body?.message ?? USER_MSG.rolesUpdated));
      onClose();
    } catch (err) {
      setFailure(messageOr(t, err, t('users.errors.roles')));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('users.rolesModal.title', { name: user.name })}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void onSave()} disabled={save.isPending || !roles.data}>
            {save.isPending ? t('common.saving') : t('users.rolesModal.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {roles.isPending ? <Spinner label={t('users.form.rolesLoading')} /> : null}
        {roles.isError ? <Notice tone="error">{t('roles.loadErrorDetail', { message: translateMessage(t, roles.error.message) })}</Notice> : null}
        {(roles.data ?? []).map((role) => (
          <CheckboxField
            key={role.id}
            label={role.name}
            checked={selected.includes(role.id)}
            onCheckedChange={(on) => setSelected((current) => (on ? [...current, role.id] : current.filter((id) => id !== role.id)))}
          />
        ))}
      </div>
    </Modal>
  );
}
