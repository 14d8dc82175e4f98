import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
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
import { checkLogin, loadLoginSchema, type LoginField } from '../api/login-check.ts';

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
  const { login, endedByServer } = useAuth();
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

  // A plain form, not react-hook-form (kept out of the page's first load, decision 0038): the fields
  // keep what is typed (even before hydration), and the shared schema checks them on submit, and
  // again as they change once a submit has been refused, as the app's other forms do.
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [checked, setChecked] = useState(false);

  const valuesOf = (form: HTMLFormElement): LoginInput => {
    const data = new FormData(form);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? ''), remember: data.get('remember') === 'on' };
  };

  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    if (!checked) return;
    const check = await checkLogin(valuesOf(event.currentTarget));
    setErrors(check.ok ? {} : check.errors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      const check = await checkLogin(valuesOf(event.currentTarget));
      setChecked(true);
      if (!check.ok) {
        setErrors(check.errors);
        return;
      }
      setErrors({});
      const values = check.values;
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
    } finally {
      setSubmitting(false);
    }
  };

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
      <form method="post" onSubmit={(event) => void onSubmit(event)} onChange={(event) => void onChange(event)} onFocus={() => void loadLoginSchema()} noValidate className="space-y-4">
        {notice ? <Notice tone={notice.type}>{translateMessage(t, notice.message)}</Notice> : null}
        {endedByServer ? <Notice tone="error">{t(endedByServer === 'account_disabled' ? 'login.ended.accountDisabled' : 'login.ended.sessionRevoked')}</Notice> : null}
        {shownError ? <Notice tone="error">{shownError}</Notice> : null}
        <Field label={t('login.email')} error={fieldError(errors.email)}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" autoFocus name="email" />}
        </Field>
        <Field label={t('login.password')} error={fieldError(errors.password)}>
          {(ids) => <Input {...ids} type="password" autoComplete="current-password" name="password" />}
        </Field>
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox name="remember" />
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
