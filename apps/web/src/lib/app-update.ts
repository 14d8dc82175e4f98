import { useSyncExternalStore } from 'react';

/**
 * The installed app's service worker (vite.config.ts, installableDashboard): registered by the
 * dashboard's entry in a built app only. A new version, once downloaded, waits: the reader is told
 * it is ready and loads it when they choose (nothing they are typing is lost to a reload they did
 * not ask for); until then the version they have keeps working from its own cache.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ((reload?: boolean) => Promise<void>) | null = null;

const notify = () => listeners.forEach((l) => l());

export function registerAppUpdates(): void {
  if (!('serviceWorker' in navigator)) return;
  // Its own chunk: the first paint waits for none of it.
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      onNeedRefresh() {
        waiting = update;
        notify();
      },
    });
  });
}

/** Whether a new version is waiting to be loaded. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting !== null,
    () => false,
  );
}

/** Load the waiting version now (the reader asked): its worker takes over, and the page reloads. */
export function loadNewVersion(): void {
  void waiting?.(true);
}

/** Whether the browser has a connection, as it tells. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
