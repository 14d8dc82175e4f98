import type { Config } from '../config.ts';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { seedEssentials, type SeedResult } from './seed.ts';

/** Open, migrate and seed: what every start (process, tests, benchmarks) does first. */
export async function prepareDatabase(config: Config): Promise<{ database: Database; seed: SeedResult }> {
  const database = openDatabase(config);
  await migrate(database.db, database.dialect);
  const seed = await seedEssentials(database.db, { email: config.adminEmail, password: config.adminPassword });
  return { database, seed };
}
