import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { onServiceUnavailable } from './api-client.ts';
import { publicSettingsQuery } from './site-info.ts';

/**
 * Maintenance mode as the SPA sees it (spec sections 4 and 6): on when GET /api/settings/public
 * says maintenance_mode '1', or when any call has answered 503 since. Only the server enforces it;
 * this decides whether to show the maintenance page instead of a screen that would fail anyway.
 */

export function isMaintenanceOn(answer: unknown): boolean {
  if (!answer || typeof answer !== 'object') return false;
  const source = ('data' in answer && answer.data && typeof answer.data === 'object' ? answer.data : answer) as Record<string, unknown>;
  const value = source.maintenance_mode;
  return value === '1' || value === 1 || value === true || value === 'true';
}

interface Unavailable {
  message: string;
  at: number;
}

let lastUnavailable: Unavailable | null = null;
const subscribers = new Set<() => void>();

function subscribe(callback: () => void): () => void {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

function setUnavailable(value: Unavailable | null): void {
  lastUnavailable = value;
  for (const callback of subscribers) callback();
}

onServiceUnavailable((message) => setUnavailable({ message, at: Date.now() }));

/** Forget a recorded 503 (after an administrator signs in, or in tests). */
export function clearServiceUnavailable(): void {
  if (lastUnavailable) setUnavailable(null);
}

/** Re-check once a minute while the page is shown, so it lifts itself when maintenance ends. */
const RECHECK_MS = 60_000;

export function useMaintenanceMode(): { active: boolean; message?: string } {
  const unavailable = useSyncExternalStore(subscribe, () => lastUnavailable, () => null);
  const settings = useQuery({
    ...publicSettingsQuery,
    select: isMaintenanceOn,
    refetchInterval: (query) => (isMaintenanceOn(query.state.data) || lastUnavailable ? RECHECK_MS : false),
  });
  const { refetch } = settings;

  // A 503 newer than the settings answer: ask again, the answer decides.
  const stale = !!unavailable && settings.dataUpdatedAt < unavailable.at;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);

  // Settings fetched after the 503 say maintenance is off: the 503 is history.
  const settled = !!unavailable && settings.isSuccess && settings.dataUpdatedAt >= unavailable.at && settings.data === false;
  useEffect(() => {
    if (settled) clearServiceUnavailable();
  }, [settled]);

  const active = settings.data === true || (!!unavailable && !settled);
  return { active, message: unavailable?.message };
}
