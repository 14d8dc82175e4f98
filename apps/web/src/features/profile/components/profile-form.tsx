import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { profileSchema, type ProfileInput } from '@app/shared/schemas/profile.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { messageOr } from '../../../lib/server-errors.ts';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

export function ProfileForm() {
  const { t } = useTranslation('admin');
  const { user, refreshUser } = useAuth();
  const update = useUpdateProfile();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '' },
  });

  // A new e-mail needs the current password (the address password resets go to).
  const emailChanging = watch('email').trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await update.mutateAsync(emailChanging ? values : { name: values.name, email: values.email });
      // The header, user menu and debug block read the stored user: fetch it again.
      await refreshUser();
      setResult({ tone: 'success', text: t('profile.info.success') });
    } catch (err) {
      const text = showServerErrors(err, setError, ['name', 'email', 'current_password'], messageOr(t, err, t('profile.info.failed')));
      setResult(text ? { tone: 'error', text } : null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <Field label={t('profile.info.name')} error={translateMessage(t, errors.name?.message)}>
        {(ids) => <Input {...ids} autoComplete="name" {...register('name')} />}
      </Field>
      <Field label={t('profile.info.email')} error={translateMessage(t, errors.email?.message)}>
        {(ids) => <Input {...ids} type="email" autoComplete="email" dir="ltr" {...register('email')} />}
      </Field>
      {emailChanging ? (
        <Field label={t('profile.info.currentPassword')} error={translateMessage(t, errors.current_password?.message)}>
          {(ids) => <Input {...ids} type="password" autoComplete="current-password" {...register('current_password')} />}
        </Field>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('common.saving') : t('profile.info.submit')}
      </Button>
    </form>
  );
}
