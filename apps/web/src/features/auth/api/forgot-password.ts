import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@app/shared/schemas/password-reset.schema';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: the same answer whether or not the address is registered. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message?: string }> {
  return api.post('/auth/forgot-password', { email: input.email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
