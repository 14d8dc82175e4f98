import { loadConfig, ConfigError, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { dataKey, DataKeyring, keyFromPassphrase, makeVerifier, verifies } from '../lib/data-key.ts';
import { NEXT_VERIFIER_ROW, readVerifier, terminalPrompt, VERIFIER_ROW, writeVerifier, type KeyPrompt } from '../lib/data-key-unlock.ts';
import { openFileStorage } from '../modules/storage/file-storages.ts';
import { recordFilesSealed, sealStoredFiles } from '../modules/storage/stored-files-seal.ts';
import { FieldCipher, useFieldCipher } from '../lib/field-cipher.ts';
import { recordFieldsSealed, sealChildFields } from '../modules/orphans/child-fields-seal.ts';
import { recordImportRowsSealed, sealImportRows } from '../modules/imports/imports.service.ts';
import { isMain } from './backup-files.ts';
import { serverAnswers } from './restore.ts';

/**
 * `npm run rotate-key`: every stored file, every child's sealed field, every import's staged row, and the key verifier, moved from the current data key
 * (DATA_KEY_FILE, DATA_KEY, or the passphrase typed) to the one in NEW_DATA_KEY_FILE or
 * NEW_DATA_KEY, with the server stopped. Resumable: the new key's verifier is recorded first (a
 * start refuses while it is there), each file is rewritten atomically and carries the id of the
 * key that sealed it, so a rerun after a kill skips what is done; the last step makes the new
 * key the current one in one transaction.
 */

export class RotationRefusal extends Error {
  override name = 'RotationRefusal';
}

export async function rotateKey(config: Config, log: (line: string) => void = () => {}, prompt: KeyPrompt = terminalPrompt()): Promise<{ files: number; sealed: number }> {
  if (!config.newDataKey) throw new RotationRefusal('Set NEW_DATA_KEY_FILE to the path of the new key file (or NEW_DATA_KEY to the new key), e.g. made with: openssl rand -hex 32');
  if (await serverAnswers(config)) throw new RotationRefusal(`A server answers on ${config.host}:${config.port}. Stop it first, then run the rotation again.`);
  const database = openDatabase(config);
  try {
    const db = database.db;
    const next = dataKey(config.newDataKey);
    const current = await readVerifier(db, VERIFIER_ROW);
    if (!current) throw new RotationRefusal('This install has no data key yet: start it once (npm start), then rotate.');
    let pending = await readVerifier(db, NEXT_VERIFIER_ROW);
    if (pending && !verifies(pending, next)) throw new RotationRefusal('A change to another new key is unfinished: run the rotation again with that NEW_DATA_KEY_FILE or NEW_DATA_KEY.');
    if (!pending && verifies(current, next)) {
      log('The files are already under the new key: start the server with it (DATA_KEY_FILE or DATA_KEY).');
      return { files: 0, sealed: 0 };
    }
    let old = config.dataKey;
    if (!old && current.salt && prompt.interactive) old = await keyFromPassphrase(await prompt.ask('Current data passphrase: '), Buffer.from(current.salt, 'base64'));
    if (!old) throw new RotationRefusal('Set DATA_KEY_FILE (or DATA_KEY) to the current key, and NEW_DATA_KEY_FILE (or NEW_DATA_KEY) to the new one.');
    if (!verifies(current, dataKey(old))) throw new RotationRefusal(`The current key (${config.dataKeyFrom ?? 'the passphrase'}) is not this install's key.`);
    if (old.equals(config.newDataKey)) throw new RotationRefusal('The new key is the current one: make a new key (openssl rand -hex 32).');
    if (!pending) {
      pending = makeVerifier(next);
      await writeVerifier(db, NEXT_VERIFIER_ROW, pending);
    }
    const keyring = new DataKeyring(config.newDataKey, [old]);
    let told = 0;
    const result = await sealStoredFiles(openFileStorage(config, keyring), (done, total) => {
      if (done - told >= 200 || done === total) {
        told = done;
        log(`Re-encrypting stored files: ${done} of ${total}`);
      }
    });
    // The children's sensitive values too, record by record (each value names its key).
    const fieldCipher = new FieldCipher(config.newDataKey, [old]);
    useFieldCipher(fieldCipher);
    const fields = await sealChildFields(db, fieldCipher, (done) => log(`Re-encrypting children's fields: ${done} records`));
    log(`Children's fields re-encrypted: ${fields.sealed} of ${fields.rows} records.`);
    // An import's staged rows and undo copies too, so an undo after the rotation still opens them.
    const staged = await sealImportRows(db, fieldCipher);
    log(`Imports' staged rows re-encrypted: ${staged.sealed} of ${staged.rows} rows.`);
    const verifier = pending;
    await db.transaction().execute(async (trx) => {
      await writeVerifier(trx, VERIFIER_ROW, verifier);
      await trx.deleteFrom('app_keys').where('name', '=', NEXT_VERIFIER_ROW).execute();
      await recordFilesSealed(trx, keyring);
      await recordFieldsSealed(trx, next.id);
      await recordImportRowsSealed(trx, next.id);
    });
    return result;
  } finally {
    await database.destroy();
  }
}

if (isMain(import.meta.url)) {
  try {
    const result = await rotateKey(loadConfig(), (line) => console.log(line));
    if (result.files || result.sealed) {
      console.log(`Done: ${result.sealed} of ${result.files} stored files re-encrypted. Start the server with the new key (DATA_KEY_FILE or DATA_KEY), then destroy every copy of the old one.`);
    }
  } catch (err) {
    if (!(err instanceof RotationRefusal || err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}
