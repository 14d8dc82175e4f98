import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput, PasswordUpdatedResponse } from '@app/shared/schemas/profile.schema';
import { api } from '../../../lib/api-client.ts';

/** The same PUT /profile call, with the password fields; the server signs out the other devices. */
export function changePassword(input: PasswordChangeInput): Promise<PasswordUpdatedResponse> {
  return api.put<PasswordUpdatedResponse>('/profile', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
