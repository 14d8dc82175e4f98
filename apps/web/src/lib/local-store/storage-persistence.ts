/**
 * Whether the browser keeps this site's storage when the phone runs short of space, instead of
 * clearing it unasked (and with it changes not yet sent): asked once the store is set up, and shown.
 */
export type Persistence = 'kept' | 'may-be-cleared' | 'unknown';

export async function requestPersistence(): Promise<Persistence> {
  if (!navigator.storage?.persist) return 'unknown';
  try {
    if (await navigator.storage.persisted()) return 'kept';
    return (await navigator.storage.persist()) ? 'kept' : 'may-be-cleared';
  } catch {
    return 'unknown';
  }
}

export async function currentPersistence(): Promise<Persistence> {
  if (!navigator.storage?.persisted) return 'unknown';
  try {
    return (await navigator.storage.persisted()) ? 'kept' : 'may-be-cleared';
  } catch {
    return 'unknown';
  }
}
