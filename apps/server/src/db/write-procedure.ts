import type { Kysely } from 'kysely';
import { AppError } from '../lib/app-error.ts';
import type { DB } from './schema.ts';

/**
 * The one way a feature writes (README, "Adding a feature"): a named procedure of a transaction
 * and plain-data arguments that returns plain data, defined with `defineWrite` in the feature's
 * `<feature>.writes.ts` and listed once in db/write-registry.ts. `app.writes.run(procedure, args)`
 * runs it in one transaction — on the database writer thread on a SQLite file (decision 0009), in
 * process on PostgreSQL and in-memory SQLite — and both paths behave alike: arguments, results
 * and errors cross by structured clone (no class instances, functions or Kysely objects), and a
 * procedure missing from the registry is refused by both.
 */
export interface WriteProcedure<A, R> {
  readonly name: string;
  run(trx: Kysely<DB>, args: A): Promise<R>;
}

type AnyProcedure = WriteProcedure<never, unknown>;

/** Every procedure defined in this process, by name: a second one of the same name is a bug. */
const defined = new Map<string, AnyProcedure>();

export function defineWrite<A, R>(name: string, run: (trx: Kysely<DB>, args: A) => Promise<R>): WriteProcedure<A, R> {
  if (defined.has(name)) throw new Error(`Two write procedures are named '${name}': names must be unique.`);
  const procedure = { name, run };
  defined.set(name, procedure as AnyProcedure);
  return procedure;
}

const isProcedure = (v: unknown): v is AnyProcedure =>
  typeof v === 'object' && v !== null && typeof (v as AnyProcedure).name === 'string' && typeof (v as AnyProcedure).run === 'function';

/** The procedures a Writes may run, and the URL of the module that builds it (the writer thread imports it). */
export interface WriteRegistry {
  readonly url: string;
  readonly procedures: ReadonlyMap<string, WriteProcedure<unknown, unknown>>;
}

/**
 * A registry from `*.writes.ts` module namespaces: every exported procedure of each. `url` is the
 * calling module's `import.meta.url`, which must export the registry as `writeRegistry`.
 */
export function createWriteRegistry(url: string, modules: ReadonlyArray<Record<string, unknown>>): WriteRegistry {
  const procedures = new Map<string, WriteProcedure<unknown, unknown>>();
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (!isProcedure(value)) continue;
      const known = procedures.get(value.name);
      if (known && known !== value) throw new Error(`Two write procedures are named '${value.name}'.`);
      procedures.set(value.name, value as WriteProcedure<unknown, unknown>);
    }
  }
  return { url, procedures };
}

/** Refuse a procedure the registry does not hold — on every engine, before anything runs. */
export function assertRegistered(registry: WriteRegistry, procedure: WriteProcedure<unknown, unknown>): void {
  if (registry.procedures.get(procedure.name) !== procedure) {
    throw new Error(`Unknown write procedure: ${procedure.name} (export it from a *.writes.ts module listed in db/write-registry.ts).`);
  }
}

/** Start-up check: every procedure defined in this process is one the registry holds. */
export function assertAllRegistered(registry: WriteRegistry): void {
  const missing = [...defined.values()].filter((p) => registry.procedures.get(p.name) !== p).map((p) => p.name);
  if (missing.length) throw new Error(`Write procedures not in db/write-registry.ts: ${missing.join(', ')}.`);
}

/** Where writes run: the writer thread on a SQLite file, in-process otherwise. */
export interface Writes {
  run<A, R>(procedure: WriteProcedure<A, R>, args: A): Promise<R>;
  /** How many writes were answered so far, committed or failed; counted before the caller is answered. */
  settled(): number;
  /** Be ready to write at once: the server calls it before it announces that it listens, so the first save after a start does not wait for a thread to load. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** An error as it crosses from the writer thread: an AppError keeps its status, code, fields and headers. */
export type ThreadError =
  | { app: true; status: number; message: string; code?: string; errors?: Record<string, string[]>; headers?: Record<string, string> }
  | { app: false; message: string; code?: string };

export function errorToThread(err: unknown): ThreadError {
  const e = err as { message?: unknown; code?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (err instanceof AppError) return { app: true, status: err.status, message: err.message, code, errors: err.errors, headers: err.headers };
  return { app: false, message: String(e?.message ?? err), code };
}

export function errorFromThread(e: ThreadError): Error {
  if (e.app) return Object.assign(new AppError(e.status, e.message, e.errors, e.headers), e.code ? { code: e.code } : {});
  return Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
}
