import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput, UserResponse } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';
import { userQueryKeys } from './user-query-keys.ts';

export function createUser(input: UserCreateInput): Promise<UserResponse> {
  return api.post<UserResponse>('/users', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Role user counts change too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userQueryKeys.all }), queryClient.invalidateQueries({ queryKey: rolesQueryKey })]),
  });
}
