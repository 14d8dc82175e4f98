import { sql } from 'kysely';
import { createWriteRegistry, defineWrite } from '../src/db/write-procedure.ts';
import { AppError } from '../src/lib/app-error.ts';

/** Write procedures for the writer-thread tests (db/writer-thread.test.ts), over a table `t (v text unique)`. */

export const insertValue = defineWrite('test.insert', async (trx, { v }: { v: string }) => {
  const { rows } = await sql<{ id: number }>`insert into t (v) values (${v}) returning rowid as id`.execute(trx);
  return { id: rows[0]!.id, v };
});

export const refuse = defineWrite('test.refuse', async () => {
  throw new AppError(422, 'The name field is required.', { name: ['The name field is required.'] }, { 'X-Test': '1' });
});

/** Ends the writer thread in the middle of a write, as a crash would. */
export const crash = defineWrite('test.crash', async () => {
  process.exit(3);
});

/** Defined, but in no registry: every Writes must refuse it. */
export const notLoaded = defineWrite('test.not-loaded', async () => 'never');

/** Returns what it was given, and changes it afterwards: callers must get copies either way. */
export const echo = defineWrite('test.echo', async (_trx, args: { list: number[] }) => {
  const answer = { list: args.list };
  setTimeout(() => args.list.push(-1));
  return answer;
});

export const writeRegistry = createWriteRegistry(import.meta.url, [{ insertValue, refuse, crash, echo }]);
