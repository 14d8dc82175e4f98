import type { Dialect } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { dataPlace } from './child-server.ts';

/**
 * An empty database of its own for an upgrade test (migrated to an old point, filled, then
 * upgraded), dropped after: the place a child server would get (child-server.ts), opened here in
 * the test's process instead of by a server.
 */
export async function freshDatabase(dialect: Dialect): Promise<{ database: Database; drop(): Promise<void> }> {
  const place = await dataPlace(dialect);
  const database = openDatabase({ dialect, databaseUrl: place.databaseUrl, sqlitePath: dialect === 'sqlite' ? place.databaseUrl : '' });
  return { database, drop: () => place.drop() };
}
