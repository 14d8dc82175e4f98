import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { loadConfig, type Config } from '../config.ts';
import { copyTree, isMain, readManifest, timestampName, userPath, type BackupManifest } from './backup-files.ts';
import { isEvacuationArchive, snapshotPlace, unpackEvacuationArchive } from './evacuation-archive.ts';
import { passphraseForRestore } from './passphrase-prompt.ts';
import { runPgTool } from './pg-tools.ts';

/**
 * `npm run restore <backup folder>`: puts a backup's database and stored files
 * where the configuration (DATABASE_URL, STORAGE_DIR) says. It refuses while a server answers on
 * the configured port — a running server would go on writing beside the restored data. What was
 * there is moved aside (`<name>.before-restore-<time>`), not deleted; on PostgreSQL, pg_restore
 * replaces the tables the backup holds, in one transaction.
 */

/** True when something accepts connections at the server's address. */
export function serverAnswers(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return new Promise((resolve) => {
    const socket = connect({ host, port: config.port, timeout: 1000 });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

async function moveAside(target: string, stamp: string, movedAside: string[]): Promise<void> {
  if (!existsSync(target)) return;
  const aside = `${target}.before-restore-${stamp}`;
  await rename(target, aside);
  movedAside.push(aside);
}

async function restoreSqlite(config: Config, file: string, stamp: string, movedAside: string[]): Promise<void> {
  // The WAL and shared-memory files belong to the database beside them: they move with it.
  for (const suffix of ['', '-wal', '-shm']) await moveAside(`${config.sqlitePath}${suffix}`, stamp, movedAside);
  await mkdir(path.dirname(config.sqlitePath), { recursive: true });
  await copyFile(file, config.sqlitePath);
  const db = new Sqlite(config.sqlitePath, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The restored database fails SQLite's integrity check: ${String(check)}`);
  } finally {
    db.close();
  }
}

export async function restore(config: Config, from: string): Promise<{ manifest: BackupManifest; movedAside: string[] }> {
  const manifest = await readManifest(from);
  if (manifest.dialect !== config.dialect) {
    throw new Error(`This backup holds a ${manifest.dialect} database, but DATABASE_URL points to ${config.dialect}. Set DATABASE_URL to a ${manifest.dialect} database.`);
  }
  if (await serverAnswers(config)) {
    throw new Error(`A server answers on ${config.host}:${config.port}. Stop it first (Ctrl+C where npm start runs, or stop its service), then run the restore again.`);
  }
  const stamp = timestampName();
  const movedAside: string[] = [];
  const database = path.join(from, manifest.database);
  if (manifest.dialect === 'sqlite') await restoreSqlite(config, database, stamp, movedAside);
  else runPgTool('pg_restore', config.databaseUrl, ['--clean', '--if-exists', '--no-owner', '--single-transaction', database]);
  await moveAside(config.storageDir, stamp, movedAside);
  await mkdir(config.storageDir, { recursive: true });
  await copyTree(path.join(from, manifest.storage), config.storageDir);
  return { manifest, movedAside };
}

/**
 * `npm run restore <file>` of an encrypted backup: the whole archive is decrypted and checked into
 * a folder beside the data first (a wrong passphrase, a changed byte or a cut-short file stop it
 * there, and nothing else is touched); then the data key is written to `keyFile` and the folder is
 * restored like any backup folder, and removed.
 */
export async function restoreEncrypted(config: Config, file: string, passphrase: string, keyFile: string): Promise<{ manifest: BackupManifest; movedAside: string[]; keyFile: string | null }> {
  if (await serverAnswers(config)) {
    throw new Error(`A server answers on ${config.host}:${config.port}. Stop it first (Ctrl+C where npm start runs, or stop its service), then run the restore again.`);
  }
  if (existsSync(keyFile)) throw new Error(`${keyFile} exists already; name another file for the data key (--key-file).`);
  const { dir, dataKey } = await unpackEvacuationArchive(file, passphrase, snapshotPlace(config));
  try {
    const manifest = await readManifest(dir);
    if (manifest.dialect !== config.dialect) {
      throw new Error(`This backup holds a ${manifest.dialect} database, but DATABASE_URL points to ${config.dialect}. Set DATABASE_URL to a ${manifest.dialect} database.`);
    }
    if (dataKey) {
      await mkdir(path.dirname(keyFile), { recursive: true });
      await writeFile(keyFile, `${dataKey}\n`, { mode: 0o600, flag: 'wx' });
    }
    const done = await restore(config, dir);
    return { ...done, keyFile: dataKey ? keyFile : null };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(args: string[]): Promise<void> {
  const keyAt = args.indexOf('--key-file');
  const keyArg = keyAt >= 0 ? args[keyAt + 1] : undefined;
  const given = args.find((a, i) => !a.startsWith('--') && (keyAt < 0 || i !== keyAt + 1));
  if (!given) {
    console.error('Usage: npm run restore <backup folder or encrypted file> [-- --key-file <path>]   (e.g. npm run restore backups/2026-11-24T02-00-00Z)');
    process.exit(2);
  }
  const from = userPath(given);
  const config = loadConfig();
  if (await isEvacuationArchive(from)) {
    const keyFile = keyArg ? userPath(keyArg) : userPath(`restored-data-key-${timestampName()}.key`);
    const passphrase = await passphraseForRestore();
    const { manifest, movedAside, keyFile: written } = await restoreEncrypted(config, from, passphrase, keyFile);
    console.log(`Restored the encrypted backup of ${manifest.createdAt} from ${from}: the ${manifest.dialect} database and ${manifest.files} stored files.`);
    if (written) {
      console.log(`The data key is in ${written}. Set DATA_KEY_FILE=${written} (or move the file off this disk, to a USB stick or a secrets store, and point DATA_KEY_FILE there) before npm start: without it the server cannot read the encrypted data.`);
    } else console.log('The backup holds no data key (none was set when it was made).');
    if (movedAside.length) console.log(`What was there before is kept at:\n  ${movedAside.join('\n  ')}\nDelete it once the restored data is checked.`);
    return;
  }
  const { manifest, movedAside } = await restore(config, from);
  console.log(`Restored the backup of ${manifest.createdAt} from ${from}: the ${manifest.dialect} database and ${manifest.files} stored files.`);
  if (movedAside.length) console.log(`What was there before is kept at:\n  ${movedAside.join('\n  ')}\nDelete it once the restored data is checked.`);
}

if (isMain(import.meta.url)) {
  try {
    await main(process.argv.slice(2));
  } catch (err) {
    console.error(`Restore failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
