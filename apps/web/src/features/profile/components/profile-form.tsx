import { useTranslation } from 'react-i18next';
import { profileSchema, type ProfileInput } from '@app/shared/schemas/profile.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { messageOr } from '../../../lib/server-errors.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

export function ProfileForm() {
  const { t } = useTranslation('admin');
  const { user, refreshUser } = useAuth();
  const update = useUpdateProfile();
  // A new e-mail needs the current password (the address password resets go to).
  const changesEmail = (email: string) => email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const { form, submit, busy, banner, message } = useSchemaForm<ProfileInput>({
    schema: profileSchema,
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '' },
    fields: ['name', 'email', 'current_password'],
    save: (values) => update.mutateAsync(changesEmail(values.email) ? values : { name: values.name, email: values.email }),
    onSaved: async () => {
      // The header, user menu and debug block read the stored user: fetch it again.
      await refreshUser();
      return t('profile.info.success');
    },
    failed: (err) => messageOr(t, err, t('profile.info.failed')),
  });
  const { register, watch } = form;
  const emailChanging = changesEmail(watch('email'));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}
      <Field label={t('profile.info.name')} error={message('name')}>
        {(ids) => <Input {...ids} autoComplete="name" {...register('name')} />}
      </Field>
      <Field label={t('profile.info.email')} error={message('email')}>
        {(ids) => <Input {...ids} type="email" autoComplete="email" dir="ltr" {...register('email')} />}
      </Field>
      {emailChanging ? (
        <Field label={t('profile.info.currentPassword')} error={message('current_password')}>
          {(ids) => <Input {...ids} type="password" autoComplete="current-password" {...register('current_password')} />}
        </Field>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('common.saving') : t('profile.info.submit')}
      </Button>
    </form>
  );
}
