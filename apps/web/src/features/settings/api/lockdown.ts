import type { LockdownChangedResponse, LockdownPasswordInput } from '@app/shared/schemas/lockdown.schema';
import { api } from '../../../lib/api-client.ts';
import { lockdownQueryKey } from '../../../lib/lockdown.ts';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';

/** Starting or lifting lockdown changes maintenance mode too: the settings and the banner's state are read again. */
const lockdownResource = refreshing('/lockdown', lockdownQueryKey, ['settings']);

/** POST /api/lockdown with the caller's password. */
export function useStartLockdown() {
  return useResourceWrite(lockdownResource, (input: LockdownPasswordInput) => api.post<LockdownChangedResponse>('/lockdown', input));
}

/** DELETE /api/lockdown with the caller's password. */
export function useLiftLockdown() {
  return useResourceWrite(lockdownResource, (input: LockdownPasswordInput) => api.delete<LockdownChangedResponse>('/lockdown', { body: input }));
}
