import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { deriveKey, deriveKeyBits, keyFromBits, newSalt, seal, unseal, type Sealed } from './local-key.ts';
import { dropHeldKey, holdForNextPage, takeHandedKey } from './key-handoff.ts';

/**
 * What this phone keeps for working offline, in IndexedDB, every value sealed (local-key.ts) under
 * a key derived from the user's password: the raw store shows no name, no mark, nothing readable.
 * The key lives in memory only: a reopened app is locked until the password is typed again,
 * checked against a sealed verifier, with no server needed. Ten wrong passwords in a row erase the
 * store; so does signing out, and setting it up for another user.
 */

export const DB_NAME = 'orphan-care-offline';
/** Wrong passwords in a row after which the store is erased. */
export const MAX_FAILED_UNLOCKS = 10;
const VERIFIER = 'orphan-care-offline-verifier';

interface Lock {
  userId: number;
  salt: Uint8Array<ArrayBuffer>;
  verifier: Sealed;
  failedUnlocks: number;
}

interface LocalDb extends DBSchema {
  lock: { key: 'lock'; value: Lock };
  sealed: { key: string; value: Sealed };
}

export interface LocalStoreState {
  /** Set up on this phone, for this user. */
  userId: number | null;
  unlocked: boolean;
  failedUnlocks: number;
}

let key: CryptoKey | null = null;
let state: LocalStoreState = { userId: null, unlocked: false, failedUnlocks: 0 };
const listeners = new Set<() => void>();

function publish(next: LocalStoreState) {
  state = next;
  listeners.forEach((l) => l());
}

export function subscribeLocalStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const localStoreSnapshot = (): LocalStoreState => state;

const open = (): Promise<IDBPDatabase<LocalDb>> =>
  openDB<LocalDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('lock');
      db.createObjectStore('sealed');
    },
  });

async function withDb<T>(fn: (db: IDBPDatabase<LocalDb>) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/**
 * Read what is on this phone (at start): set up or not, for whom, how many wrong tries. Locked,
 * unless the sign-in page just handed this page the user's key (key-handoff.ts).
 */
export async function loadLocalStore(): Promise<LocalStoreState> {
  // Looking makes no empty store where there was none (where the browser can tell).
  const exists = indexedDB.databases ? (await indexedDB.databases()).some((d) => d.name === DB_NAME) : true;
  const lock = exists ? await withDb((db) => db.get('lock', 'lock')) : undefined;
  const handed = takeHandedKey();
  if (lock && handed && handed.userId === lock.userId && !key) {
    const candidate = await keyFromBits(handed.bits);
    if (await opens(candidate, lock)) key = candidate;
  }
  publish({ userId: lock?.userId ?? null, unlocked: key !== null && !!lock, failedUnlocks: lock?.failedUnlocks ?? 0 });
  return state;
}

const opens = async (candidate: CryptoKey, lock: Lock): Promise<boolean> => (await unseal<{ check: string }>(candidate, lock.verifier).catch(() => null))?.check === VERIFIER;

/** A new, empty store for this user (anything kept before is erased), unlocked; its key's bits. */
async function setUp(userId: number, password: string): Promise<ArrayBuffer> {
  await eraseLocalStore();
  const salt = newSalt();
  const bits = await deriveKeyBits(password, salt);
  const fresh = await keyFromBits(bits);
  const verifier = await seal(fresh, { check: VERIFIER, userId });
  await withDb((db) => db.put('lock', { userId, salt, verifier, failedUnlocks: 0 }, 'lock'));
  key = fresh;
  publish({ userId, unlocked: true, failedUnlocks: 0 });
  return bits;
}

/** Set it up, empty, for this user and password, and unlock it (anything kept before is erased). */
export async function createLocalStore(userId: number, password: string): Promise<void> {
  await setUp(userId, password);
}

/**
 * At sign-in, with the password the server has just accepted: the user's own store unlocked with
 * it, or, when there is none, or another user's, or one sealed under a password since changed
 * (which nobody can open again), a new empty one. A sign-in is no wrong try: the server checked it.
 */
export async function openLocalStoreAtSignIn(userId: number, password: string): Promise<void> {
  const lock = (await loadLocalStore()).userId === userId ? await withDb((db) => db.get('lock', 'lock')) : undefined;
  if (lock) {
    const bits = await deriveKeyBits(password, lock.salt);
    const candidate = await keyFromBits(bits);
    if (await opens(candidate, lock)) {
      await withDb((db) => db.put('lock', { ...lock, failedUnlocks: 0 }, 'lock'));
      key = candidate;
      holdForNextPage(userId, bits);
      publish({ userId, unlocked: true, failedUnlocks: 0 });
      return;
    }
  }
  holdForNextPage(userId, await setUp(userId, password));
}

/** Unlock with the password: 'unlocked', 'wrong' (one try fewer), or 'erased' after the last wrong one. */
export async function unlockLocalStore(password: string): Promise<'unlocked' | 'wrong' | 'erased'> {
  const lock = await withDb((db) => db.get('lock', 'lock'));
  if (!lock) throw new Error('Nothing is kept on this phone.');
  const candidate = await deriveKey(password, lock.salt);
  if (await opens(candidate, lock)) {
    await withDb((db) => db.put('lock', { ...lock, failedUnlocks: 0 }, 'lock'));
    key = candidate;
    publish({ userId: lock.userId, unlocked: true, failedUnlocks: 0 });
    return 'unlocked';
  }
  const failedUnlocks = lock.failedUnlocks + 1;
  if (failedUnlocks >= MAX_FAILED_UNLOCKS) {
    await eraseLocalStore();
    return 'erased';
  }
  await withDb((db) => db.put('lock', { ...lock, failedUnlocks }, 'lock'));
  publish({ ...state, userId: lock.userId, failedUnlocks });
  return 'wrong';
}

/** Forget the key: the store stays, sealed, until the password is typed again. */
export function lockLocalStore(): void {
  key = null;
  dropHeldKey();
  publish({ ...state, unlocked: false });
}

/** Erase everything kept on this phone, and the key. */
export async function eraseLocalStore(): Promise<void> {
  key = null;
  dropHeldKey();
  await deleteDB(DB_NAME);
  publish({ userId: null, unlocked: false, failedUnlocks: 0 });
}

function unlockedKey(): CryptoKey {
  if (!key) throw new Error('The offline store is locked.');
  return key;
}

export async function keepSealed(name: string, value: unknown): Promise<void> {
  const sealed = await seal(unlockedKey(), value);
  await withDb((db) => db.put('sealed', sealed, name));
}

export async function readSealed<T>(name: string): Promise<T | undefined> {
  const k = unlockedKey();
  const sealed = await withDb((db) => db.get('sealed', name));
  return sealed ? unseal<T>(k, sealed) : undefined;
}

export async function dropSealed(name: string): Promise<void> {
  unlockedKey();
  await withDb((db) => db.delete('sealed', name));
}
