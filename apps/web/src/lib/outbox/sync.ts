import { ERROR_CODE } from '@app/shared/messages';
import { isApiError, requestWithStatus } from '../api-client.ts';
import { localStoreSnapshot, subscribeLocalStore } from '../local-store/local-store.ts';
import { afterAnswer, sendable, type OutboxChange, type SendOutcome, type ServerCurrent } from './outbox-change.ts';
import { outboxSnapshot, reloadOutbox, replaceChange, setSyncing, updateOutbox, withTabLock } from './outbox.ts';

/**
 * Sending the outbox: when the link returns, every minute, and when the store is unlocked (the app
 * opened). One tab sends at a time (a lock the tabs share; a tab finding it held leaves the round
 * to the other). Changes go in the order they were made, each with its own Idempotency-Key, so
 * one whose answer was lost is answered again, not applied twice (decision 0050).
 */

export const SYNC_EVERY_MS = 60_000;
const SYNC_LOCK = 'orphan-care-sync';

/** What the server's answer to one change means (outbox-change.ts applies it). */
export async function send(change: OutboxChange): Promise<SendOutcome> {
  try {
    await requestWithStatus(change.method, change.path, { body: change.body, headers: { 'Idempotency-Key': change.key } });
    return { kind: 'sent' };
  } catch (err) {
    if (!isApiError(err) || err.status === 0) return { kind: 'retry-later' };
    if (err.status === 401) return { kind: 'signed-out' };
    const current = (err.data as { current?: ServerCurrent } | undefined)?.current;
    if (err.status === 409 && current && (err.code === ERROR_CODE.changedMeanwhile || err.code === ERROR_CODE.alreadyRecorded)) {
      return { kind: 'conflict', message: err.message, current };
    }
    // Still being handled (a request of another tab), busy, failing or closed for maintenance: later.
    if (err.status === 409 || err.status === 408 || err.status === 429 || err.status >= 500) return { kind: 'retry-later' };
    return { kind: 'rejected', message: err.message, errors: err.errors };
  }
}

/**
 * One round: each change that may go is sent in turn; a change that arrived leaves the outbox, a
 * refused one stays with the server's message, and no answer ends the round (tried again later).
 * Answers whether it reached the end.
 */
export async function syncOutbox(): Promise<boolean> {
  if (!localStoreSnapshot().unlocked) return false;
  const run = async () => {
    setSyncing(true);
    try {
      await reloadOutbox();
      for (const change of sendable(outboxSnapshot().changes)) {
        const outcome = await send(change);
        if (outcome.kind === 'retry-later' || outcome.kind === 'signed-out') return false;
        await replaceChange(change.key, afterAnswer(change, outcome));
      }
      await updateOutbox((kept) => ({ ...kept, lastSyncAt: new Date().toISOString() }));
      return true;
    } finally {
      setSyncing(false);
    }
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    // Another tab is sending: this one leaves the round to it.
    return navigator.locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) => (lock ? run() : false));
  }
  return withTabLock(SYNC_LOCK, run);
}

let started = false;

/** Start sending by itself (once per page): on `online`, every minute, and whenever the store is unlocked. */
export function startOutboxSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const trigger = () => {
    if (navigator.onLine !== false) void syncOutbox().catch(() => undefined);
  };
  window.addEventListener('online', trigger);
  setInterval(trigger, SYNC_EVERY_MS);
  let wasUnlocked = localStoreSnapshot().unlocked;
  subscribeLocalStore(() => {
    const unlocked = localStoreSnapshot().unlocked;
    if (unlocked && !wasUnlocked) trigger();
    wasUnlocked = unlocked;
  });
  trigger();
}
