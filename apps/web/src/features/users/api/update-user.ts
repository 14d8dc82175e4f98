import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse, UserUpdateInput } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';
import { userQueryKeys } from './user-query-keys.ts';

/** Spec section 5: on edit a blank password means "keep it", so both password fields are left out. */
export function withoutBlankPassword(input: UserUpdateInput): UserUpdateInput {
  if (input.password) return input;
  const { password: _password, password_confirmation: _confirmation, ...rest } = input;
  return rest;
}

export function updateUser({ id, input }: { id: number; input: UserUpdateInput }): Promise<UserResponse> {
  return api.put<UserResponse>(`/users/${id}`, withoutBlankPassword(input));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userQueryKeys.all }), queryClient.invalidateQueries({ queryKey: rolesQueryKey })]),
  });
}
