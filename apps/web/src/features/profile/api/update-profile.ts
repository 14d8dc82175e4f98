import { useMutation } from '@tanstack/react-query';
import type { ProfileInput, ProfileUpdatedResponse } from '@app/shared/schemas/profile.schema';
import { api } from '../../../lib/api-client.ts';

export function updateProfile(input: ProfileInput): Promise<ProfileUpdatedResponse> {
  return api.put<ProfileUpdatedResponse>('/profile', { name: input.name, email: input.email, ...(input.current_password ? { current_password: input.current_password } : {}) });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
