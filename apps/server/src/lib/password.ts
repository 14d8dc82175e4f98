import os from 'node:os';
import argon2 from 'argon2';
import { MSG } from '@app/shared/messages';
import { AppError } from './app-error.ts';

/**
 * Password hashing and checking, bounded. Each argon2 run takes tens of
 * milliseconds of a core and 64 MB; unbounded, a burst of sign-ins from one client would take the
 * CPU from everyone. So at most one run per core at a time, first come first served within each
 * of two lanes (PasswordLane, below),
 * and each client (address) may have at most PER_CLIENT runs waiting or running: more from the
 * same client are refused at once (429) without hashing, so another client's sign-in waits
 * behind at most a few runs. The queue is this process's own (CPU is per process); the counts
 * across processes are the database rate limits the routes apply first.
 */
const MAX_RUNNING = Math.max(1, Math.min(os.availableParallelism(), 4));
export const PER_CLIENT = 2;
/** Beyond this many waiting, new work is refused: the server is overloaded, not one client. */
const MAX_WAITING = 100;

/**
 * argon2id at the library's cost (64 MiB, 3 passes): what a stolen hash must be guessed against.
 * The test suites sign in thousands of times and check what is enforced, not how slowly, so with
 * PASSWORD_HASH_COST=test under NODE_ENV=test (set by their configs, never honoured otherwise) a
 * hash uses 1 MiB and one pass, far cheaper than the real cost. A hash records its own cost, so verifying reads it from the hash either way.
 */
const HASH_OPTIONS: argon2.HashOptions =
  process.env.NODE_ENV === 'test' && process.env.PASSWORD_HASH_COST === 'test'
    ? { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { type: argon2.argon2id };

/**
 * Who waits first for a free core: `trusted` work (a sign-in from an address with no recent
 * failures, or by a user who signed in from that address before) goes ahead of the rest, and a
 * flood from other addresses can fill only the other lane: it cannot starve the people who work
 * here, however many addresses it comes from.
 */
export type PasswordLane = 'trusted' | 'other';
/** The trusted lane refuses only past this many waiting, far beyond a whole staff signing in at once. */
const MAX_TRUSTED_WAITING = 2000;

let running = 0;
const waiting: Record<PasswordLane, Array<() => void>> = { trusted: [], other: [] };
const perClient = new Map<string, number>();

function busy(): AppError {
  return new AppError(429, MSG.tooManyRequests, undefined, { 'Retry-After': '5' });
}

async function bounded<T>(client: string | undefined, work: () => Promise<T>, lane: PasswordLane = 'other'): Promise<T> {
  const mine = client === undefined ? 0 : (perClient.get(client) ?? 0);
  if (mine >= PER_CLIENT || waiting[lane].length >= (lane === 'trusted' ? MAX_TRUSTED_WAITING : MAX_WAITING)) throw busy();
  if (client !== undefined) perClient.set(client, mine + 1);
  try {
    if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting[lane].push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      (waiting.trusted.shift() ?? waiting.other.shift())?.();
    }
  } finally {
    if (client !== undefined) {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    }
  }
}

/** `client`: who asks, the request's address; start-up, seeds and tests leave it out. */
export function hashPassword(plain: string, client?: string): Promise<string> {
  return bounded(client, () => argon2.hash(plain, HASH_OPTIONS));
}

export function verifyPassword(hash: string, plain: string, client?: string, lane: PasswordLane = 'other'): Promise<boolean> {
  return bounded(
    client,
    async () => {
      try {
        return await argon2.verify(hash, plain);
      } catch {
        return false;
      }
    },
    lane,
  );
}

/** A hash to verify against when the e-mail is unknown, so both paths cost the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS));
}

/** For tests: how many password runs are waiting or running now. */
export function passwordWorkInFlight(): number {
  return running + waiting.trusted.length + waiting.other.length;
}

/** For tests: how many runs wait in a lane, and how many the other lane holds before refusing. */
export function passwordWorkWaiting(lane: PasswordLane): number {
  return waiting[lane].length;
}
export const OTHER_LANE_MAX_WAITING = MAX_WAITING;
