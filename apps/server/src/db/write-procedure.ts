import type { Kysely } from 'kysely';
import { AppError } from '../lib/app-error.ts';
import type { DB } from './schema.ts';

/**
 * A named unit of writing (decision 0009): a function of a transaction and plain-data arguments
 * that returns plain data. Being named and taking data, it can run on the server's database
 * writer thread (db/writer-thread.ts) as well as in-process, unchanged. Arguments, results and
 * errors cross threads by structured clone: no class instances, functions or Kysely objects.
 */
export interface WriteProcedure<A, R> {
  readonly name: string;
  run(trx: Kysely<DB>, args: A): Promise<R>;
}

export function defineWrite<A, R>(name: string, run: (trx: Kysely<DB>, args: A) => Promise<R>): WriteProcedure<A, R> {
  return { name, run };
}

/** A module's write procedures, as the writer thread loads them (`writeProcedures` export). */
export type WriteModule = { writeProcedures: ReadonlyArray<WriteProcedure<never, unknown>> };

/** Where writes run: the writer thread on a SQLite file, in-process otherwise. */
export interface Writes {
  run<A, R>(procedure: WriteProcedure<A, R>, args: A): Promise<R>;
  /** How many writes were answered so far, committed or failed; counted before the caller is answered. */
  settled(): number;
  /** Be ready to write at once: the server calls it before it announces that it listens, so the first save after a start does not wait for a thread to load. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** An error as it crosses from the writer thread: an AppError keeps its status, fields and headers. */
export type ThreadError =
  | { app: true; status: number; message: string; errors?: Record<string, string[]>; headers?: Record<string, string> }
  | { app: false; message: string; code?: string };

export function errorToThread(err: unknown): ThreadError {
  if (err instanceof AppError) return { app: true, status: err.status, message: err.message, errors: err.errors, headers: err.headers };
  const e = err as { message?: unknown; code?: unknown } | null;
  return { app: false, message: String(e?.message ?? err), code: typeof e?.code === 'string' ? e.code : undefined };
}

export function errorFromThread(e: ThreadError): Error {
  if (e.app) return new AppError(e.status, e.message, e.errors, e.headers);
  return Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
}
