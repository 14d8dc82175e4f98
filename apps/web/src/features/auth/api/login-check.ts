import type { LoginInput, loginSchema } from '@app/shared/schemas/auth.schema';

type LoginSchema = typeof loginSchema;

export type LoginField = 'email' | 'password';
export type LoginCheck = { ok: true; values: LoginInput } | { ok: false; errors: Partial<Record<LoginField, string>> };

let schema: Promise<LoginSchema> | undefined;

/**
 * The shared zod schema of the sign-in form, loaded when first needed rather than with the page:
 * zod and the shared schemas are built when their module runs, and on a slow phone that was most of
 * the sign-in page's blocking time in Lighthouse (decision 0038). The form starts it on its first
 * focus, so a press of Log in rarely waits for it.
 */
export function loadLoginSchema(): Promise<LoginSchema> {
  schema ??= import('@app/shared/schemas/auth.schema').then((module) => module.loginSchema);
  // A failed download (a dropped slow link) is tried again at the next check.
  schema.catch(() => {
    schema = undefined;
  });
  return schema;
}

/** The form's values checked by the shared schema: the values, or each field's first message. */
export async function checkLogin(values: LoginInput): Promise<LoginCheck> {
  const result = (await loadLoginSchema()).safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
