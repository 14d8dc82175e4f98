import { loadLocalStore } from '../local-store/local-store.ts';
import { outboxSnapshot, reloadOutbox } from './outbox.ts';

/** How many changes this phone holds unsent (0 when its store is locked or not set up: nothing can be read). */
export async function unsentCount(): Promise<number> {
  try {
    const store = await loadLocalStore();
    if (!store.unlocked) return 0;
    await reloadOutbox();
    return outboxSnapshot().changes.length;
  } catch {
    return 0;
  }
}
