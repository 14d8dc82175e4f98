import { readHidden } from '../lib/terminal-input.ts';
import { EvacuationError, MIN_PASSPHRASE_LENGTH } from './evacuation-cipher.ts';

/**
 * The evacuation copy's passphrase: from BACKUP_PASSPHRASE (for a scheduled job), else typed on
 * the terminal without echo — twice when it makes a copy, so a typing slip cannot leave an archive
 * nobody can open.
 */

function fromEnvironment(): string | null {
  const value = process.env.BACKUP_PASSPHRASE;
  return value ? value : null;
}

const noTerminal = () =>
  new EvacuationError('No passphrase: set BACKUP_PASSPHRASE, or run the command in a terminal to type it.');

/** The passphrase for a new archive: long enough, and typed the same twice. */
export async function passphraseForBackup(): Promise<string> {
  let passphrase = fromEnvironment();
  if (passphrase === null) {
    if (!process.stdin.isTTY) throw noTerminal();
    passphrase = await readHidden(`Passphrase for the encrypted backup (at least ${MIN_PASSPHRASE_LENGTH} characters): `);
    if (passphrase.length >= MIN_PASSPHRASE_LENGTH && (await readHidden('The same passphrase again: ')) !== passphrase) {
      throw new EvacuationError('The two passphrases differ; nothing was written. Run the backup again.');
    }
  }
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) throw new EvacuationError(`The passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters long; nothing was written.`);
  return passphrase;
}

/** The passphrase to open an archive: asked once (a wrong one is refused before anything changes). */
export async function passphraseForRestore(): Promise<string> {
  const passphrase = fromEnvironment();
  if (passphrase !== null) return passphrase;
  if (!process.stdin.isTTY) throw noTerminal();
  return readHidden('Passphrase of the encrypted backup: ');
}
