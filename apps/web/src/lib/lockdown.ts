import { useQuery } from '@tanstack/react-query';
import { PERMISSION } from '@app/shared/permissions';
import type { LockdownState, LockdownStateResponse } from '@app/shared/schemas/lockdown.schema';
import { api } from './api-client.ts';

/**
 * Lockdown as the dashboard sees it (GET /api/lockdown): the banner across every screen and the
 * Settings card read it. Asked again every minute while on, so the banner goes when it is lifted
 * elsewhere.
 */
export const lockdownQueryKey = ['lockdown'] as const;

const RECHECK_MS = 60_000;

export function useLockdown(enabled = true): LockdownState {
  const { data } = useQuery({
    queryKey: lockdownQueryKey,
    queryFn: async () => (await api.get<LockdownStateResponse>('/lockdown')).data,
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data?.active ? RECHECK_MS : false),
  });
  return data ?? { active: false, since: null };
}

/** Who may start and lift it: the permission, named once for the card and the banner's link. */
export const LOCKDOWN_PERMISSION = PERMISSION.lockdown.start;
