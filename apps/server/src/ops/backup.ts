import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { loadConfig, type Config } from '../config.ts';
import { copyTree, DEFAULT_BACKUPS, isMain, MANIFEST, STORAGE_COPY, timestampName, userPath, type BackupManifest } from './backup-files.ts';
import { snapshotPlace, writeEvacuationArchive } from './evacuation-archive.ts';
import { passphraseForBackup } from './passphrase-prompt.ts';
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

/**
 * `npm run backup -- --encrypt [file]`: the same copy as one encrypted archive (the evacuation
 * copy, evacuation-cipher.ts), with the data key inside it. The database snapshot is made in a
 * folder beside the data (never beside the archive, which may be a USB stick where a deleted file
 * can be read back) and removed once it is in the archive.
 */
export async function encryptedBackup(config: Config, file: string, passphrase: string, dataKey: string | null): Promise<BackupManifest> {
  if (existsSync(file)) throw new Error(`${file} exists already; give a new file name.`);
  await mkdir(path.dirname(file), { recursive: true });
  const place = snapshotPlace(config);
  await mkdir(place, { recursive: true });
  const scratch = await mkdtemp(path.join(place, '.backup-snapshot-'));
  try {
    const createdAt = new Date().toISOString();
    const database = config.dialect === 'sqlite' ? await backupSqlite(config, scratch) : backupPostgres(config, scratch);
    const manifest = { format: 1 as const, createdAt, dialect: config.dialect, database, storage: STORAGE_COPY };
    const { files, bytes } = await writeEvacuationArchive(file, passphrase, { dataKey, databaseFile: path.join(scratch, database), databaseName: database, storageDir: config.storageDir, manifest });
    return { ...manifest, files, bytes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(args: string[]): Promise<void> {
  const encrypt = args.includes('--encrypt');
  const named = args.find((a) => a !== '--encrypt');
  const config = loadConfig();
  if (!encrypt) {
    const into = named ? userPath(named) : path.join(DEFAULT_BACKUPS, timestampName());
    const manifest = await backup(config, into);
    console.log(`Backup written to ${into}: the ${manifest.dialect} database and ${manifest.files} stored files (${(manifest.bytes / 1e6).toFixed(1)} MB).`);
    return;
  }
  const file = named ? userPath(named) : path.join(DEFAULT_BACKUPS, `${timestampName()}.encrypted`);
  const dataKey = config.dataKey ? config.dataKey.toString('hex') : null;
  const passphrase = await passphraseForBackup();
  const manifest = await encryptedBackup(config, file, passphrase, dataKey);
  console.log(`Encrypted backup written to ${file}: the ${manifest.dialect} database and ${manifest.files} stored files (${(manifest.bytes / 1e6).toFixed(1)} MB), ${dataKey ? 'with the data key' : 'without the data key (neither DATA_KEY_FILE nor DATA_KEY is set: a restore will need the data passphrase the server asks for)'}.`);
  console.log('Nobody can read it without the passphrase, and nobody can restore it without the passphrase either: keep the passphrase apart from the copy.');
}

if (isMain(import.meta.url)) {
  try {
    await main(process.argv.slice(2));
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
