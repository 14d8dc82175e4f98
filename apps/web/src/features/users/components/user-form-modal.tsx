import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { USER_MSG, userCreateSchema, userUpdateSchema, type UserItem } from '@app/shared/schemas/user.schema';
import { useAssignableRoles } from '../../../lib/roles-query.ts';
import { useUserSites } from '../../../lib/user-sites.ts';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useModalForm } from '../../../components/list/use-form-save.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  is_email_verified: boolean;
  /** Role names, as the create and update calls take them. */
  roles: string[];
  site_ids: number[];
  all_sites: boolean;
}

/**
 * Add User / Edit User (spec section 2). On edit the password is optional: blank keeps the current
 * one, and typing one is how an administrator sets a new password for someone who forgot theirs.
 */
export function UserFormModal({ user, onClose }: { user: UserItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const roles = useAssignableRoles();
  const editor = useUserSites();
  // The sites offered are the editor's own (the server refuses granting any other); a site of the
  // user's that the editor lacks stays, shown ticked and fixed, since the editor may not take it either.
  const offered = [...editor.sites, ...(user?.sites ?? []).filter((site) => !editor.sites.some((held) => held.id === site.id))];
  const held = (id: number) => editor.sites.some((site) => site.id === id);
  const create = useCreateUser();
  const update = useUpdateUser();

  const { form, message, modal } = useModalForm<UserFormValues>({
    schema: user ? userUpdateSchema : userCreateSchema,
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      password_confirmation: '',
      is_email_verified: user?.is_email_verified ?? false,
      roles: user?.roles.map((r) => r.name) ?? [],
      // A new user of an editor with a single site works there too.
      site_ids: user ? user.sites.map((site) => site.id) : editor.sites.length === 1 ? [editor.sites[0]!.id] : [],
      all_sites: user?.all_sites ?? false,
    },
    fields: ['name', 'email', 'password', 'password_confirmation', 'roles', 'site_ids', 'all_sites'],
    save: (input) => (user ? update.mutateAsync({ id: user.id, input }) : create.mutateAsync(input)),
    done: user ? USER_MSG.updated : USER_MSG.created,
    failed: user ? t('users.errors.update') : t('users.errors.create'),
    onClose,
  });
  const { register, control, watch } = form;
  const allSites = watch('all_sites');

  return (
    <FormModal id="user-form" title={user ? t('users.form.editTitle') : t('users.form.addTitle')} submitLabel={user ? t('users.form.update') : t('users.form.create')} {...modal}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('users.form.name')} error={message('name')}>
          {(ids) => <Input {...ids} autoComplete="off" {...register('name')} />}
        </Field>
        <Field label={t('users.form.email')} error={message('email')}>
          {(ids) => <Input {...ids} type="email" autoComplete="off" dir="ltr" {...register('email')} />}
        </Field>
        <Field label={user ? t('users.form.newPassword') : t('users.form.password')} error={message('password')}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field label={t('users.form.confirm')} error={message('password_confirmation')}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password_confirmation')} />}
        </Field>
      </div>
      {user ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('users.form.passwordHint')}</p> : null}

      <Controller
        control={control}
        name="is_email_verified"
        render={({ field }) => <CheckboxField label={t('users.form.verified')} checked={field.value} onCheckedChange={field.onChange} />}
      />

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-200">{t('users.form.roles')}</legend>
        {roles.isPending ? <Spinner label={t('users.form.rolesLoading')} /> : null}
        {roles.isError ? <Notice tone="error">{t('roles.loadErrorDetail', { message: translateMessage(t, roles.error.message) })}</Notice> : null}
        {roles.data && roles.data.length === 0 ? <p className="text-sm text-gray-500">{t('users.form.noRolesAvailable')}</p> : null}
        <Controller
          control={control}
          name="roles"
          render={({ field }) => (
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(roles.data ?? []).map((role) => (
                <CheckboxField
                  key={role.id}
                  label={role.name}
                  checked={field.value.includes(role.name)}
                  onCheckedChange={(on) => field.onChange(on ? [...field.value, role.name] : field.value.filter((n) => n !== role.name))}
                />
              ))}
            </div>
          )}
        />
        <p className="mt-1 text-sm text-red-600 dark:text-red-400">{message('roles')}</p>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700 dark:text-gray-200">{t('users.form.sites')}</legend>
        {editor.allSites || user?.all_sites ? (
          <Controller
            control={control}
            name="all_sites"
            render={({ field }) => (
              <CheckboxField label={t('users.form.allSites')} checked={field.value} onCheckedChange={field.onChange} disabled={!editor.allSites} className="mb-2" />
            )}
          />
        ) : null}
        <Controller
          control={control}
          name="site_ids"
          render={({ field }) => (
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {offered.map((site) => (
                <CheckboxField
                  key={site.id}
                  label={<bdi>{site.name}</bdi>}
                  checked={allSites || field.value.includes(site.id)}
                  disabled={allSites || !held(site.id)}
                  onCheckedChange={(on) => field.onChange(on ? [...field.value, site.id] : field.value.filter((id) => id !== site.id))}
                />
              ))}
            </div>
          )}
        />
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('users.form.sitesHint')}</p>
        <p className="mt-1 text-sm text-red-600 dark:text-red-400">{message('site_ids') ?? message('all_sites')}</p>
      </fieldset>
    </FormModal>
  );
}
