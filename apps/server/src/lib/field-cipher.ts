import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { dataKey, type DataKey } from './data-key.ts';

/*
 * One value of a database field sealed with AES-256-GCM (decision 0060): a fresh 12-byte nonce per
 * value, the table, the column and the record's id bound in as associated data, so a value copied
 * to another record or column fails to open. The keys are derived from the data key by HKDF, one
 * for values and one for the blind index, so the data key itself serves neither purpose.
 *
 * A sealed value is text: `fc1.` and the base64url of the sealing key's id (8 bytes, as a stored
 * file's header names its key), the nonce, the ciphertext and the 16-byte tag. The key id lets a
 * rotation killed halfway skip what is already under the new key.
 */

const PREFIX = 'fc1.';
const KEY_ID_BYTES = 8;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEAD_BYTES = KEY_ID_BYTES + NONCE_BYTES;

/** A sealed value that does not open: changed, cut, moved to another record, or sealed by an unknown key. */
export class DamagedFieldError extends Error {
  override name = 'DamagedFieldError';
  constructor(readonly table: string, readonly column: string, readonly id: number) {
    // Names where, never what: the value stays out of every message and log line.
    super(`A stored value does not open with the data key (${table}.${column} of record ${id}).`);
  }
}

interface FieldKey {
  id: Buffer;
  value: Buffer;
  index: Buffer;
}

function subKey(key: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `orphan-care field ${purpose} v1`, 32));
}

function fieldKey(key: DataKey): FieldKey {
  return { id: key.id, value: subKey(key.key, 'values'), index: subKey(key.key, 'blind index') };
}

const aad = (table: string, column: string, id: number) => Buffer.from(`${table}\u0000${column}\u0000${id}`);

/** The field keys of a data keyring: the current one seals; during a rotation the old one still opens. */
export class FieldCipher {
  private readonly keys: FieldKey[];

  constructor(current: Buffer, others: Buffer[] = []) {
    this.keys = [current, ...others].map((k) => fieldKey(dataKey(k)));
  }

  private get current(): FieldKey {
    return this.keys[0]!;
  }

  seal(table: string, column: string, id: number, value: string): string {
    const key = this.current;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.value, nonce);
    cipher.setAAD(aad(table, column, id));
    const body = Buffer.concat([key.id, nonce, cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return PREFIX + body.toString('base64url');
  }

  /** The value sealed under `table`, `column`, `id`; throws DamagedFieldError for anything else. */
  open(table: string, column: string, id: number, sealed: string): string {
    const body = isSealed(sealed) ? Buffer.from(sealed.slice(PREFIX.length), 'base64url') : null;
    const key = body && body.length >= HEAD_BYTES + TAG_BYTES ? this.keys.find((k) => k.id.equals(body.subarray(0, KEY_ID_BYTES))) : undefined;
    if (!body || !key) throw new DamagedFieldError(table, column, id);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.value, body.subarray(KEY_ID_BYTES, HEAD_BYTES));
      decipher.setAAD(aad(table, column, id));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(HEAD_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new DamagedFieldError(table, column, id);
    }
  }

  /** Whether `sealed` is sealed with the current key (a rotation's rerun skips it). */
  sealedWithCurrent(sealed: string): boolean {
    if (!isSealed(sealed)) return false;
    return Buffer.from(sealed.slice(PREFIX.length, PREFIX.length + 11), 'base64url').subarray(0, KEY_ID_BYTES).equals(this.current.id);
  }

  /**
   * The blind index of a normalised value: an HMAC under the index key, as lower-case letters
   * only (one word to both search indexes, never split as a number), 128 bits. `kind` keeps
   * the tokens of different fields apart, so equal values of two kinds do not match.
   */
  blindToken(kind: string, normalised: string): string {
    const mac = createHmac('sha256', this.current.index).update(`${kind}\u0000${normalised}`).digest().subarray(0, 16);
    let out = '';
    for (const byte of mac) out += String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15));
    return out;
  }
}

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/*
 * The process's field cipher, set once the data key is known (the app, the start-up's upgrade
 * step, the rotation): one process serves one install.
 */
let installed: FieldCipher | null = null;

export function useFieldCipher(cipher: FieldCipher): void {
  installed = cipher;
}

export function fieldCipher(): FieldCipher {
  if (!installed) throw new Error('The data key is not loaded: no database field can be sealed or opened.');
  return installed;
}
