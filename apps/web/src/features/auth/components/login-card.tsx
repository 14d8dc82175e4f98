import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '@app/shared/schemas/auth.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { afterLoginTarget, readRedirectState } from '../../../lib/navigation-state.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useHydrated } from '../../../islands/island.tsx';
import { AuthCard } from './auth-card.tsx';
import { loginErrorMessage } from '../api/login-error.ts';
import { appPort } from '../api/app-port.ts';
import { useServerReachable } from '../api/use-server-reachable.ts';
import { lazyLoginResolver, loadLoginResolver } from '../api/login-resolver.ts';

/**
 * The sign-in screen without a router (decision 0038): the app's route passes its location state
 * and navigation, the server-rendered page's island a full load. `redirectState`: where a
 * protected page sent the visitor from and the notice it left; `go`: leave for a path, replacing
 * this entry in the history.
 */
export function LoginCard({ redirectState, go }: { redirectState: unknown; go: (to: string) => void }) {
  const { t, i18n } = useTranslation('auth');
  // The messages name the port this page came from, not the spec's default 8000 (the server
  // renders none: they show only after the browser has checked).
  const port = typeof window === 'undefined' ? '' : appPort(window.location, i18n.language);
  // A sign-in kept in this browser is known there only: acted on once hydrated (decision 0038).
  const hydrated = useHydrated();
  const isAuthenticated = useAuth().isAuthenticated && hydrated;
  const { login } = useAuth();
  const { reachable, recheck } = useServerReachable();
  const [error, setError] = useState<string | null>(null);
  const notice = readRedirectState(redirectState).notice;
  const target = afterLoginTarget(redirectState);

  // Once: a sign-in both goes on at once and is then seen as signed in.
  const left = useRef(false);
  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    go(target);
  }, [go, target]);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: lazyLoginResolver, defaultValues: { email: '', password: '', remember: false } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    if (!(await recheck())) {
      setError(t('login.errors.recheckFailed', { port }));
      return;
    }
    try {
      await login({ email: values.email, password: values.password, remember: values.remember ?? false });
      leave();
    } catch (err) {
      setError(loginErrorMessage(err, t, port));
    }
  });

  // Already signed in (or just signed in): go where the visitor was heading.
  const away = isAuthenticated && !isSubmitting;
  useEffect(() => {
    if (away) leave();
  }, [away, leave]);
  if (away) return null;

  const shownError = error ?? (reachable === false ? t('login.errors.unreachable', { port }) : null);
  const fieldError = (message?: string) => translateMessage(t, message);

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <a href="/register" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('login.registerLink')}
          </a>
        </>
      }
    >
      {/* POST: a press before the script has run must not put the password in an address. */}
      <form method="post" onSubmit={onSubmit} onFocus={() => void loadLoginResolver()} noValidate className="space-y-4">
        {notice ? <Notice tone={notice.type}>{translateMessage(t, notice.message)}</Notice> : null}
        {shownError ? <Notice tone="error">{shownError}</Notice> : null}
        <Field label={t('login.email')} error={fieldError(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" autoFocus {...register('email')} />}
        </Field>
        <Field label={t('login.password')} error={fieldError(errors.password?.message)}>
          {(ids) => <Input {...ids} type="password" autoComplete="current-password" {...register('password')} />}
        </Field>
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox {...register('remember')} />
            <span>{t('login.remember')}</span>
          </label>
          <a href="/forgot-password" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('login.forgot')}
          </a>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
