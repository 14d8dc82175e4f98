import type { Config } from '../../config.ts';
import type { DataKeyring } from '../../lib/data-key.ts';
import type { FileStorage } from './file-storage.types.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** A storage the start-up and `npm run rotate-key` can also check, walk and seal again, file by file. */
export interface StoredFiles extends FileStorage {
  /** Stops the start with what to fix when the storage cannot be used (ConfigError). */
  check(): Promise<void>;
  keys(): Promise<string[]>;
  /** Seal the file again under the keyring's current key, when it is not; true when it was. */
  reseal(key: string): Promise<boolean>;
}

/** The configured storage: the bucket of STORAGE_URL, else the folder STORAGE_DIR. The one place that chooses. */
export function openFileStorage(config: Pick<Config, 'storageDir' | 's3'>, keyring?: DataKeyring): StoredFiles {
  return config.s3 ? new S3Storage(config.s3, keyring) : new LocalDiskStorage(config.storageDir, keyring);
}
