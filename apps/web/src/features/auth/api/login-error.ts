import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { AuthFlowError } from '../../../lib/auth-context.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';

function serverText(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

/** Spec section 8, Login: which text a failed sign-in shows; `port` is where the app really runs ({@link appPort}). */
export function loginErrorMessage(err: unknown, t: TFunction<'auth'>, port: string): string {
  if (isApiError(err)) {
    if (err.status === 0) return err.reason === 'network' ? t('login.errors.network', { port }) : t('login.errors.noResponse', { port });
    if (err.status === 419) return t('login.errors.sessionExpired');
    return translateMessage(t, serverText(err.data)) ?? t('login.errors.serverStatus', { status: err.status });
  }
  if (err instanceof AuthFlowError) {
    return err.kind === 'login-failed' ? t('login.errors.failed') : t('login.errors.authLayer');
  }
  return t('login.errors.unexpected');
}

/** Spec section 8, Registration. */
export function registerErrorMessage(err: unknown, t: TFunction<'auth'>): string {
  if (isApiError(err)) {
    if (err.status === 0) return t('register.errors.error');
    return translateMessage(t, serverText(err.data)) ?? t('register.errors.failed');
  }
  if (err instanceof AuthFlowError) return t('register.errors.error');
  return t('register.errors.unexpected');
}
