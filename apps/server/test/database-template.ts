import path from 'node:path';
import { TEST_DATA_KEY } from './data-key.ts';
import { loadConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import { ADMIN } from './admin.ts';

/**
 * Run once per test run by global-setup.ts, as a process of its own (tsx, like the server):
 * migrate and seed one database per dialect, exactly as `startServer` would, so that each API
 * suite starts from a copy of it instead of running every migration again.
 * Arguments: the folder for the SQLite template, then the PostgreSQL template's URL (or nothing).
 */
const [dir, pgUrl] = process.argv.slice(2);
const targets = [path.join(dir, 'template.db'), ...(pgUrl ? [pgUrl] : [])];
for (const databaseUrl of targets) {
  const config = loadConfig(
    { DATABASE_URL: databaseUrl, STORAGE_DIR: path.join(dir, 'storage'), WEB_DIST: path.join(dir, 'no-web'), NODE_ENV: 'test', DATA_KEY: TEST_DATA_KEY },
    { adminEmail: ADMIN.email, adminPassword: ADMIN.password, logLevel: 'silent' },
  );
  const { database } = await prepareDatabase(config);
  // Closing the SQLite file folds its WAL back in, so the file alone is the whole database.
  await database.destroy();
}
