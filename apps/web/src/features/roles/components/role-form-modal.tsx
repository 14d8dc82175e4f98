import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ADMINISTER, ROLE, SEEDED_ROLE_NAMES } from '@app/shared/permissions';
import { ROLE_MSG, roleSchema, type RoleInput } from '@app/shared/schemas/role.schema';
import type { RoleSummary } from '../../../lib/roles-query.ts';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useModalForm } from '../../../components/list/use-form-save.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useCan } from '../../../components/can.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePermissions } from '../api/get-permissions.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { groupPermissions, humanize } from './permission-groups.ts';

export interface RoleFormModalProps {
  /** null: a new role. */
  role: RoleSummary | null;
  onClose: () => void;
}

/** Add New Role / 'Edit Role: {name}' (spec section 2), mounted while open. */
export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation('admin');
  const permissions = usePermissions();
  const create = useCreateRole();
  const update = useUpdateRole();
  const isSuperAdmin = role?.name === ROLE.superAdmin;
  // The server refuses renaming a seeded role, and giving or taking `administer` but by a Super Admin.
  const seeded = role ? SEEDED_ROLE_NAMES.includes(role.name) : false;
  const viewerIsSuperAdmin = useCan(`role:${ROLE.superAdmin}`);

  const { form, message, modal } = useModalForm<RoleInput>({
    schema: roleSchema,
    defaultValues: { name: role?.name ?? '', permissions: role?.permissions.map((p) => p.name) ?? [] },
    fields: ['name', 'permissions'],
    save: (input) => (role ? update.mutateAsync({ id: role.id, input }) : create.mutateAsync(input)),
    done: role ? ROLE_MSG.updated : ROLE_MSG.created,
    failed: role ? t('roles.errors.update') : t('roles.errors.create'),
    onClose,
  });
  const { register, control } = form;
  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);

  return (
    <FormModal
      id="role-form"
      title={role ? t('roles.form.editTitle', { name: role.name }) : t('roles.form.addTitle')}
      submitLabel={role ? t('roles.form.update') : t('roles.form.create')}
      {...modal}
    >
      <Field label={t('roles.form.name')} error={message('name')}>
        {(ids) => <Input {...ids} autoComplete="off" readOnly={seeded} {...register('name')} />}
      </Field>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-200">{t('roles.form.permissions')}</legend>
        {isSuperAdmin ? <Notice tone="info" className="mb-3">{t('roles.form.superAdminNote')}</Notice> : null}
        {permissions.isPending ? <Spinner label={t('roles.form.permissionsLoading')} /> : null}
        {permissions.isError ? <Notice tone="error">{t('roles.form.permissionsError')}</Notice> : null}
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => {
            const selected = new Set(field.value ?? []);
            const toggle = (name: string, on: boolean) => {
              const next = new Set(selected);
              if (on) next.add(name);
              else next.delete(name);
              field.onChange([...next]);
            };
            return (
              <div className="grid gap-3 sm:grid-cols-2">
                {groups.map(({ group, permissions: options }) => (
                  <fieldset key={group} className="rounded-md border border-gray-200 p-3 dark:border-gray-700" data-testid={`permission-group-${group}`}>
                    <legend className="px-1 text-sm font-semibold">{t(`roles.groups.${group}` as 'roles.groups.orphans', { defaultValue: humanize(group) })}</legend>
                    <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
                      {options.map((option) => (
                        <CheckboxField
                          key={option.name}
                          label={t(`roles.actions.${option.label}` as 'roles.actions.view', { defaultValue: humanize(option.label) })}
                          checked={isSuperAdmin || selected.has(option.name)}
                          disabled={isSuperAdmin || (option.name === ADMINISTER && !viewerIsSuperAdmin)}
                          onCheckedChange={(on) => toggle(option.name, on)}
                        />
                      ))}
                    </div>
                  </fieldset>
                ))}
              </div>
            );
          }}
        />
      </fieldset>
    </FormModal>
  );
}
