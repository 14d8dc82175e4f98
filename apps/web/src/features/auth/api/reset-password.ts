import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@app/shared/schemas/password-reset.schema';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password with the token and e-mail from the link. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message?: string }> {
  return api.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
