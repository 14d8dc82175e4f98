import { useSyncExternalStore } from 'react';
import { keepSealed, localStoreSnapshot, readSealed, subscribeLocalStore } from '../local-store/local-store.ts';
import { newChange, type NewChange, type OutboxChange } from './outbox-change.ts';

/**
 * The outbox: changes made on this phone that the server has not confirmed, sealed in the local
 * store (local-store.ts) with the time of the last sync that reached the end. Every change to it
 * is read, changed and written under one lock shared by the tabs, and the other tabs are told.
 */

const SEALED_NAME = 'outbox';
const WRITE_LOCK = 'orphan-care-outbox';
const CHANNEL = 'orphan-care-outbox';

interface Kept {
  changes: OutboxChange[];
  lastSyncAt: string | null;
}

export interface OutboxSnapshot extends Kept {
  /** The store is unlocked and the outbox was read (before that the count is unknown). */
  ready: boolean;
  syncing: boolean;
}

let snapshot: OutboxSnapshot = { changes: [], lastSyncAt: null, ready: false, syncing: false };
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

function publish(next: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((l) => l());
}

export const outboxSnapshot = (): OutboxSnapshot => snapshot;

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
}

/** Runs `fn` while holding a lock every tab of this browser shares (one at a time). */
export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(name, fn) as Promise<T>;
  return fn();
}

async function readKept(): Promise<Kept> {
  return (await readSealed<Kept>(SEALED_NAME)) ?? { changes: [], lastSyncAt: null };
}

/** Read the outbox again (the store was unlocked, another tab changed it). */
export async function reloadOutbox(): Promise<void> {
  if (!localStoreSnapshot().unlocked) {
    publish({ changes: [], lastSyncAt: null, ready: false });
    return;
  }
  const kept = await readKept();
  publish({ ...kept, ready: true });
}

/** Change the outbox: read, changed by `fn`, sealed again, shown here and in the other tabs. */
export async function updateOutbox(fn: (kept: Kept) => Kept): Promise<Kept> {
  const next = await withTabLock(WRITE_LOCK, async () => {
    const changed = fn(await readKept());
    await keepSealed(SEALED_NAME, changed);
    return changed;
  });
  publish({ ...next, ready: true });
  channel?.postMessage('changed');
  return next;
}

/** Whether a change can be kept on this phone now (the store is set up and unlocked). */
export const canQueue = (): boolean => localStoreSnapshot().unlocked;

/** Queue a change to send later; answers it, with its key. Throws when the store is locked. */
export async function enqueue(change: NewChange, key?: string): Promise<OutboxChange> {
  const queued = newChange(change, key);
  await updateOutbox((kept) => ({ ...kept, changes: [...kept.changes, queued] }));
  return queued;
}

/** Put a change back as `next` (its key may be new), or take it out (undefined). */
export function replaceChange(key: string, next: OutboxChange | undefined): Promise<Kept> {
  return updateOutbox((kept) => ({ ...kept, changes: kept.changes.flatMap((c) => (c.key === key ? (next ? [next] : []) : [c])) }));
}

export function setSyncing(syncing: boolean): void {
  publish({ syncing });
}

// Another tab changed it, or the store was unlocked, locked or erased: read it again.
channel?.addEventListener('message', () => void reloadOutbox().catch(() => undefined));
subscribeLocalStore(() => void reloadOutbox().catch(() => publish({ changes: [], ready: false })));
