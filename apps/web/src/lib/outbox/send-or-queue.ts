import { isApiError, request } from '../api-client.ts';
import type { NewChange } from './outbox-change.ts';
import { canQueue, enqueue } from './outbox.ts';

/** A save's answer: the server's, or "kept on this phone, will be sent". */
export type SentOrQueued<R> = { queued: false; answer: R } | { queued: true };

/** No connection, or the request got no answer at all (not a refusal by the server). */
export const noConnection = (err: unknown): boolean => isApiError(err) && err.status === 0 && err.reason === 'network';

/**
 * Send a change now; with no connection — the browser says so, or the request gets no answer —
 * keep it in the outbox instead of losing it, to be sent when the link returns (sync.ts). A
 * refusal by the server (4xx) is thrown as before: the form shows it. With the local store locked
 * or not set up there is nowhere safe to keep it, and the network error is thrown.
 */
export async function sendOrQueue<R>(change: NewChange): Promise<SentOrQueued<R>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false && canQueue()) {
    await enqueue(change);
    return { queued: true };
  }
  try {
    return { queued: false, answer: await request<R>(change.method, change.path, { body: change.body }) };
  } catch (err) {
    if (!noConnection(err) || !canQueue()) throw err;
    await enqueue(change);
    return { queued: true };
  }
}
