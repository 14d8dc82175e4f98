import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChangeInput } from '@app/shared/schemas/profile.schema';
import { messageOr } from '../../../lib/server-errors.ts';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: PasswordChangeInput = { current_password: '', password: '', password_confirmation: '' };

export function PasswordForm() {
  const { t } = useTranslation('admin');
  const change = useChangePassword();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      setResult({ tone: 'success', text: t('profile.password.success') });
    } catch (err) {
      const text = showServerErrors(err, setError, ['current_password', 'password', 'password_confirmation'], messageOr(t, err, t('profile.password.failed')));
      setResult(text ? { tone: 'error', text } : null);
    }
  });

  const err = (message?: string) => translateMessage(t, message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <Field label={t('profile.password.current')} error={err(errors.current_password?.message)}>
        {(ids) => <Input {...ids} type="password" autoComplete="current-password" {...register('current_password')} />}
      </Field>
      <Field label={t('profile.password.new')} error={err(errors.password?.message)}>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password')} />}
      </Field>
      <Field label={t('profile.password.confirm')} error={err(errors.password_confirmation?.message)}>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password_confirmation')} />}
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('common.saving') : t('profile.password.submit')}
      </Button>
    </form>
  );
}
