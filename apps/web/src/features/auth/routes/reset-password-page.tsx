import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema, type ResetPasswordInput } from '@app/shared/schemas/password-reset.schema';
import { messageOr } from '../../../lib/server-errors.ts';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useResetPassword } from '../api/reset-password.ts';

/** /reset-password?token=...&email=...: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: params.get('email') ?? '', token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync(values);
      setDone(true);
    } catch (err) {
      // The banner stays even when a field says why: it offers the link to ask for a new e-mail.
      const failed = messageOr(t, err, t('reset.failed'));
      setFailure(showServerErrors(err, setError, ['email', 'password', 'password_confirmation'], failed) ?? failed);
    }
  });

  const err = (message?: string) => translateMessage(t, message);
  const backToLogin = (
    <Link to="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
      {t('reset.login')}
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={t('reset.title')}>
        <Notice tone="success">{t('reset.success')}</Notice>
        <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          {t('reset.login')}
        </Link>
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('reset.title')} footer={backToLogin}>
        <Notice tone="error">{t('reset.invalidLink')}</Notice>
        <Link to="/forgot-password" className={buttonClasses('outline', 'md', 'mt-6 w-full')}>
          {t('reset.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? (
          <Notice tone="error">
            {failure}{' '}
            <Link to="/forgot-password" className="underline">
              {t('reset.requestNew')}
            </Link>
          </Notice>
        ) : null}
        <Field label={t('reset.email')} error={err(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="username" dir="ltr" {...register('email')} />}
        </Field>
        <Field label={t('reset.password')} error={err(errors.password?.message)}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field label={t('reset.confirm')} error={err(errors.password_confirmation?.message)}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password_confirmation')} />}
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
