import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DataKeyring } from '../../lib/data-key.ts';
import type { StoredFiles } from './file-storages.ts';

/*
 * Every stored file sealed with the current data key: files from before encryption (an upgraded
 * install, a restored old backup) and, during `npm run rotate-key`, files of the key being
 * replaced. File by file, each rewritten atomically, so a kill halfway loses nothing and a rerun
 * goes on where it stopped (a file already under the current key is skipped by its header).
 */

/** `app_keys` row: the id of the key every stored file is known to be sealed with; a start with that key skips the pass. */
export const FILES_KEY_ROW = 'data-files-key';

export async function sealStoredFiles(storage: StoredFiles, progress?: (done: number, total: number) => void): Promise<{ files: number; sealed: number }> {
  const keys = await storage.keys();
  let sealed = 0;
  for (const [i, key] of keys.entries()) {
    if (await storage.reseal(key)) sealed++;
    progress?.(i + 1, keys.length);
  }
  return { files: keys.length, sealed };
}

/** Whether every stored file is known to be sealed with `keyring.current`. */
export async function filesSealedWith(db: Kysely<DB>, keyring: DataKeyring): Promise<boolean> {
  const row = await db.selectFrom('app_keys').select('value').where('name', '=', FILES_KEY_ROW).executeTakeFirst();
  return row?.value === keyring.current.id.toString('hex');
}

export async function recordFilesSealed(db: Kysely<DB>, keyring: DataKeyring): Promise<void> {
  const value = keyring.current.id.toString('hex');
  await db
    .insertInto('app_keys')
    .values({ name: FILES_KEY_ROW, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/**
 * At start-up, before serving: seal what is not yet sealed with the current key (plaintext files
 * of an upgraded install), once; later starts find the row and skip the walk.
 */
export async function sealLeftoverFiles(storage: StoredFiles, db: Kysely<DB>, keyring: DataKeyring, log: (line: string) => void): Promise<void> {
  if (await filesSealedWith(db, keyring)) return;
  let told = 0;
  const result = await sealStoredFiles(storage, (done, total) => {
    if (done - told >= 500 || (done === total && told)) {
      told = done;
      log(`Encrypting stored files: ${done} of ${total}`);
    }
  });
  if (result.sealed) log(`Stored files encrypted with the data key: ${result.sealed} of ${result.files}.`);
  await recordFilesSealed(db, keyring);
}
