import type { UserResponse, UserUpdateInput } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { USERS } from './user-query-keys.ts';

/** Spec section 5: on edit a blank password means "keep it", so both password fields are left out. */
export function withoutBlankPassword(input: UserUpdateInput): UserUpdateInput {
  if (input.password) return input;
  const { password: _password, password_confirmation: _confirmation, ...rest } = input;
  return rest;
}

export function useUpdateUser() {
  return useResourceWrite(USERS, ({ id, input }: { id: number; input: UserUpdateInput }) => api.put<UserResponse>(`/users/${id}`, withoutBlankPassword(input)));
}
