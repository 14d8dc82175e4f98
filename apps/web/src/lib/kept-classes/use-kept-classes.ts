import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../auth-context.tsx';
import { useOnline } from '../app-update.ts';
import { loadLocalStore, localStoreSnapshot, subscribeLocalStore } from '../local-store/local-store.ts';
import { keptClassesVersion, readKeptClass, readKeptClasses, subscribeKeptClasses, type KeptClass, type KeptClassData } from './kept-classes.ts';
import { refreshKeptClasses } from './refresh-kept-classes.ts';

/** How often kept classes are fetched again while online and unlocked. */
const REFRESH_EVERY_MS = 5 * 60_000;

/** The phone's store as the signed-in user sees it: set up for them (`mine`), unlocked, wrong tries. */
export function usePhoneStore() {
  const { user } = useAuth();
  const store = useSyncExternalStore(subscribeLocalStore, localStoreSnapshot, localStoreSnapshot);
  const mine = !!user && store.userId === user.id;
  return { mine, unlocked: mine && store.unlocked, failedUnlocks: store.failedUnlocks };
}

/**
 * In the dashboard's frame: read the phone's store as the app opens (taking the key the sign-in
 * handed on), and while online and unlocked fetch the kept classes now and every few minutes.
 */
export function useKeepOnThisPhone(): void {
  const online = useOnline();
  const { unlocked } = usePhoneStore();
  useEffect(() => {
    void loadLocalStore().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!online || !unlocked) return;
    void refreshKeptClasses();
    const timer = setInterval(() => void refreshKeptClasses(), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [online, unlocked]);
}

/** A value read from the store again whenever what is kept or the lock changes (undefined while reading). */
function useKept<T>(read: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const { unlocked } = usePhoneStore();
  const version = useSyncExternalStore(subscribeKeptClasses, keptClassesVersion, keptClassesVersion);
  const [value, setValue] = useState<{ of: string; value: T } | undefined>();
  const of = JSON.stringify([unlocked, version, ...deps]);
  useEffect(() => {
    let live = true;
    void read().then(
      (v) => live && setValue({ of, value: v }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `of` holds every input of `read`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [of]);
  return value?.of === of ? value.value : undefined;
}

/** The classes kept on this phone (none while locked). */
export const useKeptClasses = (): KeptClass[] | undefined => useKept(readKeptClasses, []);

/** What is kept of one class, or null when it is not kept. */
export const useKeptClass = (c: KeptClass): KeptClassData | null | undefined =>
  useKept(async () => (await readKeptClass(c)) ?? null, [c.site, c.grade]);
