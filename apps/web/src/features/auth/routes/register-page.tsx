import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { registerSchema, type RegisterInput } from '@app/shared/schemas/auth.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import type { RedirectState } from '../../../lib/navigation-state.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { registerErrorMessage } from '../api/login-error.ts';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** Only same-site paths are followed, so a server answer can never send the visitor elsewhere. */
function safeRedirect(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/login';
}

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { register: registerUser } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await registerUser(values);
      const state: RedirectState = {
        notice: { type: 'success', message: answer?.message || t('register.success') },
      };
      navigate(safeRedirect(answer?.redirectTo), { state });
    } catch (err) {
      // A taken e-mail is said once, on the e-mail field; the banner is for what no field can say.
      setError(showServerErrors(err, setFieldError, FIELDS, registerErrorMessage(err, t)));
    }
  });

  const fieldError = (message?: string) => translateMessage(t, message);

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Field label={t('register.name')} error={fieldError(errors.name?.message)}>
          {(ids) => <Input {...ids} autoComplete="name" autoFocus {...register('name')} />}
        </Field>
        <Field label={t('register.email')} error={fieldError(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" {...register('email')} />}
        </Field>
        <Field label={t('register.password')} error={fieldError(errors.password?.message)}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field label={t('register.confirm')} error={fieldError(errors.password_confirmation?.message)}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" {...register('password_confirmation')} />}
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
