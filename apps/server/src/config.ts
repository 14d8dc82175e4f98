import os from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// `.env` at the repository root, wherever npm runs the script from; real environment wins.
dotenv.config({ path: path.join(repoRoot, '.env'), quiet: true });

export type Dialect = 'sqlite' | 'postgres';

export interface Config {
  port: number;
  host: string;
  /** `postgres://...` selects PostgreSQL; anything else is a SQLite file path (or `sqlite:` URL). */
  databaseUrl: string;
  dialect: Dialect;
  sqlitePath: string;
  storageDir: string;
  webDist: string;
  adminEmail?: string;
  adminPassword?: string;
  appUrl: string;
  smtpUrl?: string;
  /** Idle life of a token without Remember me, and the life of one with it (minutes). */
  tokenIdleMinutes: number;
  tokenRememberMinutes: number;
  logLevel: string;
  production: boolean;
  /** Server processes (Node cluster workers); 1 runs everything in one process. */
  workers: number;
}

/** npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command. */
const userCwd = process.env.INIT_CWD || process.cwd();
const resolvePath = (p: string) => path.resolve(userCwd, p);

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Read the environment once; everything else receives a Config (tests build their own). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL || path.join(repoRoot, 'data/app.db');
  const dialect: Dialect = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
  const sqlitePath = dialect === 'sqlite' ? resolvePath(databaseUrl.replace(/^sqlite:(\/\/)?/, '')) : '';
  const port = int(env.PORT, 8000);
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    databaseUrl,
    dialect,
    sqlitePath,
    storageDir: resolvePath(env.STORAGE_DIR || path.join(repoRoot, 'data/storage')),
    webDist: resolvePath(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    appUrl: (env.APP_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    tokenIdleMinutes: int(env.TOKEN_IDLE_MINUTES, 120),
    tokenRememberMinutes: int(env.TOKEN_REMEMBER_MINUTES, 60 * 24 * 30),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    production: env.NODE_ENV === 'production',
    // SQLite has one writer: a single process keeps one warm page cache and never waits for
    // another's write lock (decision 0009). PostgreSQL: one process per core. WEB_CONCURRENCY overrides.
    workers: Math.min(int(env.WEB_CONCURRENCY, dialect === 'sqlite' ? 1 : os.availableParallelism()), 16),
    ...overrides,
  };
}
