import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import type { GalleryConfig } from './modules/gallery/gallery-config.ts';
import { MALFORMED_KEY, parseHexKey } from './lib/data-key.ts';
import { parseStorageUrl, type S3Location } from './modules/storage/storage-url.ts';

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
  /** This machine's storage folder: the stored files unless `s3` is set, and always the work files (resumable uploads' parts, transcodes' copies). */
  storageDir: string;
  /** STORAGE_URL: stored files in an S3-compatible bucket instead of `storageDir`; null keeps them on this disk. */
  s3: S3Location | null;
  webDist: string;
  adminEmail?: string;
  adminPassword?: string;
  appUrl: string;
  smtpUrl?: string;
  /** Idle life of a token without Remember me, and the life of one with it (minutes). */
  tokenIdleMinutes: number;
  tokenRememberMinutes: number;
  /** However much it is used, a sign-in ends this long after it began: hours without Remember me, days with it. */
  tokenMaxHours: number;
  tokenRememberMaxDays: number;
  logLevel: string;
  production: boolean;
  /** Server processes (Node cluster workers); 1 runs everything in one process. */
  workers: number;
  /**
   * Reverse proxies in front of the server (0: none). With N, the client address is the N-th
   * X-Forwarded-For entry from the right, the one the outermost trusted proxy wrote; entries left
   * of it are the client's own words and count for nothing (rate limits see the real address).
   */
  trustProxy: number;
  /** Password checks (sign-in, current password, sign-up, reset) one client address may have per minute. */
  passwordChecksPerMinute: number;
  /** What one user's uploads may hold and send, and the free disk kept (UPLOAD_*, STORAGE_MIN_FREE_BYTES). */
  uploadQuota: UploadQuota;
  /**
   * The data key that encrypts stored files, from DATA_KEY_FILE or DATA_KEY; null when neither is
   * set (the start asks for a passphrase on a terminal, or makes a key for a new install: lib/data-key-unlock.ts).
   */
  dataKey: Buffer | null;
  /** Which variable gave it, for messages. */
  dataKeyFrom: 'DATA_KEY_FILE' | 'DATA_KEY' | null;
  /** The key `npm run rotate-key` re-encrypts to (NEW_DATA_KEY_FILE or NEW_DATA_KEY); null when unset. */
  newDataKey: Buffer | null;
  /** Gallery settings beyond the GALLERY_* environment (modules/gallery/gallery-config.ts reads both); tests set parts. */
  gallery?: Partial<GalleryConfig>;
}

export interface UploadQuota {
  /** Unfinished resumable uploads one user may have at once. */
  maxOpen: number;
  /** Bytes one user's unfinished resumable uploads may claim together (their declared lengths). */
  maxHeldBytes: number;
  /** Bytes one user may upload in 24 hours (resumable and multipart, counted when each starts). */
  maxDailyBytes: number;
  /** Free disk space an upload must leave in the storage folder. */
  minFreeBytes: number;
}

/** A variable set to a wrong value stops the start with this, naming every wrong variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MAX_WORKERS = 16;
const MAX_PROXY_HOPS = 10;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An empty variable (`PORT=` in .env) means unset, as it always has. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const wholeNumber = (min: number, max: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`)),
  );

const urlOf = (protocols: RegExp, example: string) => optional(z.url({ protocol: protocols, error: `must be a URL like ${example}` }));

/**
 * The environment the server reads (the README's configuration table), checked once at start-up:
 * a wrong value stops the start with a message naming the variable, instead of a silent fallback
 * to the default that would, say, listen on another port than the one asked for.
 */
const environment = z.object({
  PORT: wholeNumber(1, 65535),
  HOST: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  STORAGE_DIR: optional(z.string()),
  STORAGE_URL: optional(z.string()),
  WEB_DIST: optional(z.string()),
  ADMIN_EMAIL: optional(z.email('must be an e-mail address')),
  ADMIN_PASSWORD: optional(z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)),
  APP_URL: urlOf(/^https?$/, 'https://care.example.org'),
  SMTP_URL: urlOf(/^smtps?$/, 'smtp://user:pass@mail.example.org:587'),
  TOKEN_IDLE_MINUTES: wholeNumber(1, 10_000_000),
  TOKEN_REMEMBER_MINUTES: wholeNumber(1, 10_000_000),
  TOKEN_MAX_HOURS: wholeNumber(1, 100_000),
  TOKEN_REMEMBER_MAX_DAYS: wholeNumber(1, 10_000),
  WEB_CONCURRENCY: wholeNumber(1, MAX_WORKERS),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  TRUST_PROXY: wholeNumber(0, MAX_PROXY_HOPS),
  PASSWORD_CHECKS_PER_MINUTE: wholeNumber(1, 1_000_000),
  UPLOAD_MAX_OPEN: wholeNumber(1, 10_000),
  UPLOAD_MAX_HELD_BYTES: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  UPLOAD_MAX_DAILY_BYTES: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  STORAGE_MIN_FREE_BYTES: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  DATA_KEY_FILE: optional(z.string()),
  DATA_KEY: optional(z.string().regex(/^[0-9a-fA-F]{64}$/, MALFORMED_KEY)),
  NEW_DATA_KEY_FILE: optional(z.string()),
  NEW_DATA_KEY: optional(z.string().regex(/^[0-9a-fA-F]{64}$/, MALFORMED_KEY)),
  NODE_ENV: optional(z.string()),
});

/**
 * A key from a file (its path in `fileVar`) or from a variable; both set is a mistake (which one
 * was meant?). The file is read here, once: a missing or malformed one stops the start naming it.
 */
function keyFrom(env: NodeJS.ProcessEnv, fileVar: string, hexVar: string, file: string | undefined, hex: string | undefined): Buffer | null {
  if (file !== undefined && hex !== undefined) throw new ConfigError(`Invalid configuration (environment or .env):\n  ${fileVar} and ${hexVar} are both set: set one of them.`);
  if (hex !== undefined) return Buffer.from(hex, 'hex');
  if (file === undefined) return null;
  let text: string;
  try {
    text = readFileSync(resolvePath(file), 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid configuration (environment or .env):\n  ${fileVar}=${JSON.stringify(env[fileVar])}: the file cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const key = parseHexKey(text);
  if (!key) throw new ConfigError(`Invalid configuration (environment or .env):\n  ${fileVar}=${JSON.stringify(env[fileVar])}: the file ${MALFORMED_KEY}.`);
  return key;
}

function parseEnvironment(env: NodeJS.ProcessEnv): z.infer<typeof environment> {
  const result = environment.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration (environment or .env):\n${lines.join('\n')}`);
}

/** npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command. */
const userCwd = process.env.INIT_CWD || process.cwd();
const resolvePath = (p: string) => path.resolve(userCwd, p);

function storageLocation(env: NodeJS.ProcessEnv, value: string | undefined): S3Location | null {
  if (value === undefined) return null;
  const location = parseStorageUrl(value, env);
  if (typeof location === 'string') throw new ConfigError(`Invalid configuration (environment or .env):\n  STORAGE_URL=${JSON.stringify(value)}: ${location}.`);
  return location;
}

/** Read the environment once; everything else receives a Config (tests build their own). Throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = parseEnvironment(env);
  const databaseUrl = e.DATABASE_URL ?? path.join(repoRoot, 'data/app.db');
  const dialect: Dialect = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
  const sqlitePath = dialect === 'sqlite' ? resolvePath(databaseUrl.replace(/^sqlite:(\/\/)?/, '')) : '';
  const port = e.PORT ?? 8000;
  const host = e.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    databaseUrl,
    dialect,
    sqlitePath,
    storageDir: resolvePath(e.STORAGE_DIR ?? path.join(repoRoot, 'data/storage')),
    s3: storageLocation(env, e.STORAGE_URL),
    webDist: resolvePath(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    appUrl: (e.APP_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    tokenIdleMinutes: e.TOKEN_IDLE_MINUTES ?? 120,
    tokenRememberMinutes: e.TOKEN_REMEMBER_MINUTES ?? 60 * 24 * 30,
    tokenMaxHours: e.TOKEN_MAX_HOURS ?? 12,
    tokenRememberMaxDays: e.TOKEN_REMEMBER_MAX_DAYS ?? 30,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    production: e.NODE_ENV === 'production',
    // SQLite has one writer: a single process keeps one warm page cache and never waits for
    // another's write lock (decision 0009). PostgreSQL: one process per core. WEB_CONCURRENCY overrides.
    workers: e.WEB_CONCURRENCY ?? (dialect === 'sqlite' ? 1 : Math.min(os.availableParallelism(), MAX_WORKERS)),
    trustProxy: e.TRUST_PROXY ?? 0,
    // An office of staff behind one address signs in at 8 o'clock; a flood from one address stops here.
    passwordChecksPerMinute: e.PASSWORD_CHECKS_PER_MINUTE ?? 60,
    // Room for two of the largest videos at once, and a working day of them; a full disk stops every save.
    uploadQuota: {
      maxOpen: e.UPLOAD_MAX_OPEN ?? 10,
      maxHeldBytes: e.UPLOAD_MAX_HELD_BYTES ?? 4 * 1024 ** 3,
      maxDailyBytes: e.UPLOAD_MAX_DAILY_BYTES ?? 20 * 1024 ** 3,
      minFreeBytes: e.STORAGE_MIN_FREE_BYTES ?? 1024 ** 3,
    },
    dataKey: keyFrom(env, 'DATA_KEY_FILE', 'DATA_KEY', e.DATA_KEY_FILE, e.DATA_KEY),
    dataKeyFrom: e.DATA_KEY_FILE !== undefined ? 'DATA_KEY_FILE' : e.DATA_KEY !== undefined ? 'DATA_KEY' : null,
    newDataKey: keyFrom(env, 'NEW_DATA_KEY_FILE', 'NEW_DATA_KEY', e.NEW_DATA_KEY_FILE, e.NEW_DATA_KEY),
    ...overrides,
  };
}
