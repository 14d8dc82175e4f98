import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { loadConfig, type Config } from '../config.ts';
import { copyTree, DEFAULT_BACKUPS, isMain, MANIFEST, STORAGE_COPY, timestampName, userPath, type BackupManifest } from './backup-files.ts';
import { runPgTool } from './pg-tools.ts';

/**
 * `npm run backup [folder]`: a consistent copy of the database and the stored
 * files, taken while the server serves, into ./backups/<time>/ or the folder given (which must be
 * empty or new). The database is copied first, as one snapshot; the files after it, so every file a
 * copied record points to was already stored. A photo replaced or purged in the seconds between
 * may be missing from the copy: the database copy says what the data was, and it is a moment's gap.
 */

async function backupSqlite(config: Config, into: string): Promise<string> {
  const file = 'app.db';
  const db = new Sqlite(config.sqlitePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // SQLite's online backup. After the first step, the rest in one step: a write by the server
    // between steps would restart the copy, and under steady writes it might never finish. One
    // step is one read transaction, which in WAL mode never blocks the server's writes.
    await db.backup(path.join(into, file), { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new Sqlite(path.join(into, file), { fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The database copy fails SQLite's integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return file;
}

function backupPostgres(config: Config, into: string): string {
  const file = 'database.dump';
  // Custom format: compressed, one consistent snapshot (pg_dump's own transaction), and
  // pg_restore can recreate it in an empty database or over an existing one.
  runPgTool('pg_dump', config.databaseUrl, ['--format=custom', '--no-owner', `--file=${path.join(into, file)}`]);
  return file;
}

export async function backup(config: Config, into: string): Promise<BackupManifest> {
  await mkdir(into, { recursive: true });
  if ((await readdir(into)).length) throw new Error(`${into} is not empty; give a new or empty folder.`);
  const createdAt = new Date().toISOString();
  const database = config.dialect === 'sqlite' ? await backupSqlite(config, into) : backupPostgres(config, into);
  const { files, bytes } = await copyTree(config.storageDir, path.join(into, STORAGE_COPY));
  const manifest: BackupManifest = { format: 1, createdAt, dialect: config.dialect, database, storage: STORAGE_COPY, files, bytes };
  await writeFile(path.join(into, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (isMain(import.meta.url)) {
  const into = process.argv[2] ? userPath(process.argv[2]) : path.join(DEFAULT_BACKUPS, timestampName());
  try {
    const manifest = await backup(loadConfig(), into);
    console.log(`Backup written to ${into}: the ${manifest.dialect} database and ${manifest.files} stored files (${(manifest.bytes / 1e6).toFixed(1)} MB).`);
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
