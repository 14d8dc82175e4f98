import type { TestProject } from 'vitest/node';
import pg from 'pg';

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of a reachable PostgreSQL, or '' when none (tests then skip it). */
    pgAdminUrl: string;
  }
}

/** Decide once per run whether the PostgreSQL half of the API suite runs; under CI it must. */
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
}
