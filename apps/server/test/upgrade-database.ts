import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Dialect } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';

/** An empty database of its own for an upgrade test (migrated to an old point, filled, then upgraded), dropped after. */
export async function freshDatabase(dialect: Dialect): Promise<{ database: Database; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-upgrade-'));
    const sqlitePath = path.join(dir, 'app.db');
    const database = openDatabase({ dialect, databaseUrl: sqlitePath, sqlitePath });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `oc_upgrade_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = openDatabase({ dialect, databaseUrl: u.toString(), sqlitePath: '' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
