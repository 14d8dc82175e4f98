import { spawnSync } from 'node:child_process';

/**
 * pg_dump and pg_restore, run as the PostgreSQL client tools they are. The database URL's password
 * travels in PGPASSWORD, not in the command line, where any user of the machine could read it (ps).
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): void {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const result = spawnSync(tool, [...args, `--dbname=${url.toString()}`], { env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${tool} is not installed. Install the PostgreSQL client tools of the server's version (Debian: apt-get install postgresql-client), then run this again.`);
  }
  if (result.status !== 0) throw new Error(`${tool} failed (exit ${result.status ?? result.signal}):\n${result.stderr}`);
}
