import type { Compilable, CompiledQuery, Kysely } from 'kysely';

const MARK = '\u0000prepared-arg:';

/** A stand-in for argument `i` of a prepared query; replaced by the real value on every call. */
export function arg<T>(i: number): T {
  return `${MARK}${i}` as unknown as T;
}

interface Compiled<Row> {
  compiled: CompiledQuery<Row>;
  /** For each parameter of the compiled query: the argument it takes, or null for a constant. */
  slots: Array<number | null>;
}

function compile<Row>(query: Compilable<Row>): Compiled<Row> {
  const compiled = query.compile();
  const slots = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : null));
  return { compiled, slots };
}

async function execute<Row>(db: Kysely<unknown>, { compiled, slots }: Compiled<Row>, args: readonly unknown[]): Promise<Row[]> {
  const parameters = slots.map((slot, i) => (slot === null ? compiled.parameters[i] : args[slot]));
  return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
}

/**
 * One object per database a Kysely instance talks to (its dialect adapter): a transaction or a
 * bound connection is a new Kysely instance but shares it. Compiled queries are kept per this
 * identity (they compile alike: the one plugin, db/write-counter.ts, changes no query), and so
 * can caches of the database.
 */
export const databaseIdentity = (db: { getExecutor(): { adapter: object } }): object => db.getExecutor().adapter;

/**
 * A query built and compiled once per dialect, then run with new values: for the queries on
 * every request (token lookup, one child by id, a new child), where Kysely's building and
 * compiling cost more than SQLite answering. Write the query as usual with `arg(i)` in place of
 * the values; constants stay as they are. Only plain values can be arguments (no lists).
 */
export function preparedQuery<DB, Args extends unknown[], Row>(build: (db: Kysely<DB>) => Compilable<Row>) {
  const compiledFor = new WeakMap<object, Compiled<Row>>();
  return async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    const key = databaseIdentity(db);
    let entry = compiledFor.get(key);
    if (!entry) compiledFor.set(key, (entry = compile(build(db))));
    return execute(db as Kysely<unknown>, entry, args);
  };
}

/**
 * Like preparedQuery, for a query whose form depends on the request (which filters are set, the
 * sort): each form — named by `keyOf(shape)` — is built and compiled once. `build` must put
 * `arg(i)` wherever a value goes, and the caller passes those values in `args`.
 */
export function preparedShapes<DB, Shape, Row>(keyOf: (shape: Shape) => string, build: (db: Kysely<DB>, shape: Shape) => Compilable<Row>) {
  const compiledFor = new WeakMap<object, Map<string, Compiled<Row>>>();
  return async (db: Kysely<DB>, shape: Shape, args: readonly unknown[]): Promise<Row[]> => {
    const adapter = databaseIdentity(db);
    let shapes = compiledFor.get(adapter);
    if (!shapes) compiledFor.set(adapter, (shapes = new Map()));
    const key = keyOf(shape);
    let entry = shapes.get(key);
    if (!entry) shapes.set(key, (entry = compile(build(db, shape))));
    return execute(db as Kysely<unknown>, entry, args);
  };
}
