import type { Resolver } from 'react-hook-form';
import type { LoginInput } from '@app/shared/schemas/auth.schema';

let loading: Promise<Resolver<LoginInput>> | undefined;

/**
 * The sign-in form's check (the shared zod schema), loaded when first needed rather than with the
 * page: zod and the shared schemas are built when their module runs, and on a slow phone that was
 * most of the sign-in page's blocking time in Lighthouse (decision 0038). The form starts it on
 * the first focus, so a press of Log in rarely waits for it.
 */
export function loadLoginResolver(): Promise<Resolver<LoginInput>> {
  loading ??= Promise.all([import('@hookform/resolvers/zod'), import('@app/shared/schemas/auth.schema')]).then(
    ([{ zodResolver }, { loginSchema }]) => zodResolver(loginSchema) as Resolver<LoginInput>,
  );
  // A failed download (a dropped slow link) is tried again at the next check.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export const lazyLoginResolver: Resolver<LoginInput> = async (values, context, options) => (await loadLoginResolver())(values, context, options);
