import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { dataKey, keyFromPassphrase, makeVerifier, newRandomKey, verifies, type KeyVerifier } from './data-key.ts';
import { readHidden } from './terminal-input.ts';

/*
 * How a start obtains the data key (decision 0053), in this order: DATA_KEY_FILE or
 * DATA_KEY (config.ts reads them); else, on a terminal, a passphrase; else, while nothing is
 * encrypted yet (a new install, or one from before encryption), a new key written to a file
 * beside the data folder — the only time the server writes a key anywhere — which the operator is
 * told to move off the machine. Whatever its source, the key must open the verifier the database
 * keeps (`app_keys`), or the start stops with a message naming what to set.
 */

/** `app_keys` rows: the current key's verifier, and the next key's during a rotation (ops/rotate-key.ts). */
export const VERIFIER_ROW = 'data-key-verifier';
export const NEXT_VERIFIER_ROW = 'data-key-next-verifier';

/** The start cannot go on: the message says what to set. */
export class DataKeyRefusal extends Error {
  override name = 'DataKeyRefusal';
}

export interface KeyPrompt {
  /** Whether someone can type a passphrase (stdin is a terminal). */
  interactive: boolean;
  ask(question: string): Promise<string>;
  tell(message: string): void;
}

export const terminalPrompt = (): KeyPrompt => ({
  interactive: !!process.stdin.isTTY && process.env.NODE_ENV !== 'test',
  ask: (question) => readHidden(question),
  tell: (message) => console.log(message),
});

/** Where a new install's key file is made: beside the data folder (the storage folder's parent), never in it. */
export const newKeyFilePath = (config: Pick<Config, 'storageDir'>): string => path.join(path.dirname(path.dirname(config.storageDir)), 'orphan-care.key');

export async function readVerifier(db: Kysely<DB>, name: string): Promise<KeyVerifier | null> {
  const row = await db.selectFrom('app_keys').select('value').where('name', '=', name).executeTakeFirst();
  return row ? (JSON.parse(row.value) as KeyVerifier) : null;
}

export async function writeVerifier(db: Kysely<DB>, name: string, verifier: KeyVerifier): Promise<void> {
  await db
    .insertInto('app_keys')
    .values({ name, value: JSON.stringify(verifier) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(verifier) }))
    .execute();
}

const SET_KEY = 'Set DATA_KEY_FILE to the path of the key file (or DATA_KEY to the key itself)';

/** The data key this start uses, checked against the stored verifier (made now if there is none). */
export async function unlockDataKey(config: Pick<Config, 'dataKey' | 'dataKeyFrom' | 'storageDir'>, db: Kysely<DB>, prompt: KeyPrompt = terminalPrompt()): Promise<Buffer> {
  if (await readVerifier(db, NEXT_VERIFIER_ROW)) {
    throw new DataKeyRefusal('A change of data key (npm run rotate-key) is unfinished. Run it again with the same NEW_DATA_KEY_FILE or NEW_DATA_KEY; then start with the new key.');
  }
  const verifier = await readVerifier(db, VERIFIER_ROW);
  if (config.dataKey) {
    if (!verifier) await writeVerifier(db, VERIFIER_ROW, makeVerifier(dataKey(config.dataKey)));
    else if (!verifies(verifier, dataKey(config.dataKey))) {
      throw new DataKeyRefusal(`The key in ${config.dataKeyFrom} is not the one this install's files are encrypted with. Set ${config.dataKeyFrom} to the right key (the one the install was first started or last rotated with).`);
    }
    return config.dataKey;
  }
  if (verifier) {
    if (!verifier.salt || !prompt.interactive) {
      throw new DataKeyRefusal(`Stored files are encrypted and no data key is given. ${SET_KEY}${verifier.salt ? ', or start on a terminal to type the passphrase' : ''}.`);
    }
    const key = await keyFromPassphrase(await prompt.ask('Data passphrase: '), Buffer.from(verifier.salt, 'base64'));
    if (!verifies(verifier, dataKey(key))) throw new DataKeyRefusal(`The passphrase is wrong. Start again and type the right one, or ${SET_KEY.replace(/^S/, 's')}.`);
    return key;
  }
  // Nothing is encrypted yet: a key is chosen now.
  if (prompt.interactive) {
    const passphrase = await prompt.ask('No data key is set. Type a passphrase for it (at least 12 characters), or press Enter to have a key file made: ');
    if (passphrase) {
      if (passphrase.length < 12) throw new DataKeyRefusal('The passphrase is shorter than 12 characters. Start again and type a longer one.');
      if ((await prompt.ask('The same passphrase again: ')) !== passphrase) throw new DataKeyRefusal('The two passphrases differ. Start again.');
      const salt = randomBytes(16);
      const key = await keyFromPassphrase(passphrase, salt);
      await writeVerifier(db, VERIFIER_ROW, makeVerifier(dataKey(key), salt));
      return key;
    }
  }
  return makeKeyFile(config, db, prompt);
}

function makeKeyFile(config: Pick<Config, 'storageDir'>, db: Kysely<DB>, prompt: KeyPrompt): Promise<Buffer> {
  const file = newKeyFilePath(config);
  const key = newRandomKey();
  try {
    // Never over another key file: that one may be the only copy of a key.
    writeFileSync(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'EEXIST' ? 'a file is already there' : `it cannot be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
    throw new DataKeyRefusal(`No data key is set, and no key file could be made at ${file}: ${why}. ${SET_KEY}.`);
  }
  prompt.tell(
    [
      '',
      `  A data key was made for this install: ${file}`,
      '  It encrypts every stored photo, video and document; without it nobody can read them, you included.',
      '  Move it off this machine now (a USB stick kept apart, or a secrets manager), keep a second copy somewhere',
      '  safe, and from now on start with DATA_KEY_FILE set to where it is (or DATA_KEY to its contents).',
      '',
    ].join('\n'),
  );
  return writeVerifier(db, VERIFIER_ROW, makeVerifier(dataKey(key))).then(() => key);
}
