import type { Config } from '../config.ts';
import { DataKeyring } from '../lib/data-key.ts';
import { FieldCipher, useFieldCipher } from '../lib/field-cipher.ts';
import { sealLeftoverFields } from '../modules/orphans/child-fields-seal.ts';
import { sealLeftoverImportRows } from '../modules/imports/imports.service.ts';
import { unlockDataKey, type KeyPrompt } from '../lib/data-key-unlock.ts';
import { openFileStorage } from '../modules/storage/file-storages.ts';
import { sealLeftoverFiles } from '../modules/storage/stored-files-seal.ts';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { seedEssentials, type SeedResult } from './seed.ts';

/**
 * Open, migrate and seed, then obtain the data key (checked against the stored verifier) and
 * encrypt any stored file, any child's sensitive value and any import's staged row from before encryption: what every start (process, tests, benchmarks)
 * does first. Throws DataKeyRefusal when the key is wrong or missing.
 */
export async function prepareDatabase(config: Config, prompt?: KeyPrompt): Promise<{ database: Database; seed: SeedResult; dataKey: Buffer }> {
  const database = openDatabase(config);
  try {
    await migrate(database.db, database.dialect);
    const seed = await seedEssentials(database.db, { email: config.adminEmail, password: config.adminPassword });
    const dataKey = await unlockDataKey(config, database.db, prompt);
    const keyring = new DataKeyring(dataKey);
    const files = openFileStorage(config, keyring);
    await files.check();
    await sealLeftoverFiles(files, database.db, keyring, (line) => console.log(line));
    const fields = new FieldCipher(dataKey);
    useFieldCipher(fields);
    await sealLeftoverFields(database.db, database.dialect, fields, keyring.current.id, (line) => console.log(line));
    await sealLeftoverImportRows(database.db, database.dialect, fields, keyring.current.id, (line) => console.log(line));
    return { database, seed, dataKey };
  } catch (err) {
    await database.destroy();
    throw err;
  }
}
