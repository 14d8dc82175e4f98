import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import pg from 'pg';

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of a reachable PostgreSQL, or '' when none (tests then skip it). */
    pgAdminUrl: string;
    /** The run's migrated and seeded databases each test server starts from a copy of ('' when absent). */
    databaseTemplates: { sqlite: string; postgres: string };
  }
}

async function onAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Decide once per run whether the PostgreSQL half of the API suite runs (under CI it must), and
 * migrate and seed one template database per dialect for the run (database-template.ts).
 */
export default async function setup(project: TestProject) {
  let reachable = false;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    reachable = true;
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`CI=true but PostgreSQL is not reachable at ${PG_URL}: ${String(err)}`);
  } finally {
    await client.end().catch(() => {});
  }
  project.provide('pgAdminUrl', reachable ? PG_URL : '');
  console.log(`\n  API tests run on: SQLite${reachable ? ', PostgreSQL' : ' only (PostgreSQL not reachable; set CI=true to require it)'}\n`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-template-'));
  // Other runs share the PostgreSQL server: the template's name is this run's own.
  const pgName = reachable ? `oc_template_${process.pid}_${randomBytes(4).toString('hex')}` : '';
  let pgTemplateUrl = '';
  if (pgName) {
    await onAdmin(`create database ${pgName}`);
    const u = new URL(PG_URL);
    u.pathname = `/${pgName}`;
    pgTemplateUrl = u.toString();
  }
  const teardown = async () => {
    if (pgName) await onAdmin(`drop database if exists ${pgName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./database-template.ts', import.meta.url)), dir, pgTemplateUrl], {
      // The seeded admin's password is hashed at the cost the tests use (vitest.config.ts).
      env: { ...process.env, ...project.config.env, NODE_ENV: 'test' },
      stdio: 'inherit',
    });
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('databaseTemplates', { sqlite: path.join(dir, 'template.db'), postgres: pgName });
  return teardown;
}
