import type { UserCreateInput, UserResponse } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { USERS } from './user-query-keys.ts';

export function useCreateUser() {
  return useResourceWrite(USERS, (input: UserCreateInput) => api.post<UserResponse>('/users', input));
}
