import { loadConfig, ConfigError, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { DataKeyring } from '../lib/data-key.ts';
import { unlockDataKey } from '../lib/data-key-unlock.ts';
import { LocalDiskStorage } from '../modules/storage/local-disk-storage.ts';
import { S3Storage } from '../modules/storage/s3-storage.ts';
import type { StoredFiles } from '../modules/storage/file-storages.ts';
import { isMain } from './backup-files.ts';

/**
 * `npm run storage:migrate -- --to-s3` copies every stored file from STORAGE_DIR into the bucket
 * of STORAGE_URL; `-- --to-disk` copies the bucket back into STORAGE_DIR. The source is left as
 * it is, for the operator to delete once the server runs on the copy. Resumable: a file already
 * at the destination with the same size is skipped, so a rerun after a kill (or after stopping
 * the server, to take the last uploads) goes on where it stopped. Each file is opened and sealed
 * again on the way (with the current data key), and its size at the destination checked.
 */

export class MigrationRefusal extends Error {
  override name = 'MigrationRefusal';
}

export interface MigrationResult {
  files: number;
  copied: number;
  skipped: number;
}

export async function copyStoredFiles(from: StoredFiles, to: StoredFiles, progress?: (done: number, total: number) => void): Promise<MigrationResult> {
  const keys = await from.keys();
  const result: MigrationResult = { files: keys.length, copied: 0, skipped: 0 };
  for (const [i, key] of keys.entries()) {
    const size = await from.size(key);
    if (size === null) continue;
    if ((await to.size(key)) === size) {
      result.skipped++;
    } else {
      const source = await from.open(key);
      if (!source) continue;
      await to.put(key, source);
      // The file's record already points to it: it is committed at once.
      await to.commit([key]);
      const copied = await to.size(key);
      if (copied !== size) throw new Error(`${key}: ${copied ?? 'nothing'} bytes arrived of ${size}; run the migration again.`);
      result.copied++;
    }
    progress?.(i + 1, keys.length);
  }
  return result;
}

export async function migrateStorage(config: Config, direction: string | undefined, log: (line: string) => void = () => {}): Promise<MigrationResult> {
  if (direction !== '--to-s3' && direction !== '--to-disk') throw new MigrationRefusal('Say which way: npm run storage:migrate -- --to-s3 (STORAGE_DIR into STORAGE_URL) or -- --to-disk (back).');
  if (!config.s3) throw new MigrationRefusal('Set STORAGE_URL to the bucket (and STORAGE_DIR to the folder) to copy between them.');
  const database = openDatabase(config);
  let keyring: DataKeyring;
  try {
    keyring = new DataKeyring(await unlockDataKey(config, database.db));
  } finally {
    await database.destroy();
  }
  const disk = new LocalDiskStorage(config.storageDir, keyring);
  const bucket = new S3Storage(config.s3, keyring);
  await bucket.check();
  const [from, to] = direction === '--to-s3' ? [disk, bucket] : [bucket, disk];
  let told = 0;
  return copyStoredFiles(from, to, (done, total) => {
    if (done - told >= 200 || done === total) {
      told = done;
      log(`Copying stored files: ${done} of ${total}`);
    }
  });
}

if (isMain(import.meta.url)) {
  try {
    const direction = process.argv[2];
    const result = await migrateStorage(loadConfig(), direction, (line) => console.log(line));
    console.log(`Done: ${result.copied} copied, ${result.skipped} already there, of ${result.files} stored files. The source is left as it was: delete it once the server runs on the copy.`);
  } catch (err) {
    if (!(err instanceof MigrationRefusal || err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}
