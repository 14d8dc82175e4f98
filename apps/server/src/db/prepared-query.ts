import type { Compilable, CompiledQuery, Kysely } from 'kysely';

const MARK = '\u0000prepared-arg:';

/** A stand-in for argument `i` of a prepared query; replaced by the real value on every call. */
export function arg<T>(i: number): T {
  return `${MARK}${i}` as unknown as T;
}

/**
 * A query built and compiled once per dialect, then run with new values: for the few
 * queries on every request (token lookup, one child by id), where Kysely's building and
 * compiling cost more than SQLite answering. Write the query as usual with `arg(i)` in place of
 * the values; constants stay as they are. Only plain values can be arguments (no lists).
 */
export function preparedQuery<DB, Args extends unknown[], Row>(build: (db: Kysely<DB>) => Compilable<Row>) {
  // Keyed by the dialect adapter: a transaction or a bound connection is a new Kysely instance,
  // but it compiles SQL exactly as the instance it came from (no plugins are used here).
  const compiledFor = new WeakMap<object, { compiled: CompiledQuery<Row>; slots: Array<number | null> }>();
  return async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    const key = db.getExecutor().adapter;
    let entry = compiledFor.get(key);
    if (!entry) {
      const compiled = build(db).compile();
      const slots = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : null));
      entry = { compiled, slots };
      compiledFor.set(key, entry);
    }
    const { compiled, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? compiled.parameters[i] : args[slot]));
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
