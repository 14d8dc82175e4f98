import { useMutation } from '@tanstack/react-query';
import type { ConfirmPasswordInput } from '@app/shared/schemas/profile.schema';
import type { MessageResponse } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';

/** POST /profile/confirm-password: the server checks the password before the phone keeps data sealed under it. */
export function confirmPassword(input: ConfirmPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/profile/confirm-password', input);
}

export function useConfirmPassword() {
  return useMutation({ mutationFn: confirmPassword });
}
