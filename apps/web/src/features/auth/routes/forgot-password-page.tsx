import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RESET_MSG, forgotPasswordSchema, type ForgotPasswordInput } from '@app/shared/schemas/password-reset.schema';
import { messageOr } from '../../../lib/server-errors.ts';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

/**
 * /forgot-password (the spec does not show it). Sends a one-time link by e-mail when the server has
 * mail; either way it says what to do without e-mail: an administrator sets a new password.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const send = useRequestPasswordReset();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const body = await send.mutateAsync(values);
      setResult({ tone: 'success', text: translateMessage(t, body?.message ?? PASSWORD_RESET_MSG.linkSent) ?? '' });
    } catch (err) {
      const text = showServerErrors(err, setError, ['email'], messageOr(t, err, t('forgot.failed')));
      setResult(text ? { tone: 'error', text } : null);
    }
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('forgot.back')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
        <Field label={t('forgot.email')} error={translateMessage(t, errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" dir="ltr" {...register('email')} />}
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      </form>
      <Notice tone="info" className="mt-6">
        {t('forgot.noMail')}
      </Notice>
    </AuthCard>
  );
}
