import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/*
 * The data key: 256 random bits that encrypt every stored file (decision 0053). It comes
 * from outside the data disk (DATA_KEY_FILE, DATA_KEY or a passphrase); what the database keeps is a
 * verifier — the AES-256-GCM encryption of a constant — that tells a right key from a wrong one
 * without holding anything that yields the key.
 */

export const DATA_KEY_BYTES = 32;
const KEY_ID_BYTES = 8;
const VERIFIER_TEXT = Buffer.from('orphan-care data key verifier v1');
/* scrypt at N=2^17, r=8: 128 MiB and a fraction of a second per try, the cost OWASP recommends for a key guarded by a passphrase. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } as const;

/** One data key and its public identifier (stored in each encrypted file's header). */
export interface DataKey {
  readonly id: Buffer;
  readonly key: Buffer;
}

/** A key given as 64 hexadecimal characters (a trailing newline allowed); null for anything else. */
export function parseHexKey(text: string): Buffer | null {
  const trimmed = text.replace(/\r?\n$/, '');
  return /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : null;
}

export const MALFORMED_KEY = 'must be 64 hexadecimal characters (a 256-bit key), e.g. made with: openssl rand -hex 32';

/** The key's identifier: an HMAC of a constant, which names the key without revealing it. */
export function dataKey(key: Buffer): DataKey {
  if (key.length !== DATA_KEY_BYTES) throw new Error('A data key is 32 bytes.');
  return { id: createHmac('sha256', key).update('orphan-care key id').digest().subarray(0, KEY_ID_BYTES), key };
}

export const newRandomKey = (): Buffer => randomBytes(DATA_KEY_BYTES);

/** A passphrase stretched to a data key; `salt` is stored beside the verifier. */
export function keyFromPassphrase(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, DATA_KEY_BYTES, SCRYPT, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** What the database keeps about the current key. */
export interface KeyVerifier {
  /** Hex of the key id. */
  id: string;
  /** base64 of nonce | ciphertext | tag. */
  check: string;
  /** base64 scrypt salt when the key comes from a passphrase. */
  salt?: string;
}

export function makeVerifier(key: DataKey, salt?: Buffer): KeyVerifier {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
  const sealed = Buffer.concat([nonce, cipher.update(VERIFIER_TEXT), cipher.final(), cipher.getAuthTag()]);
  return { id: key.id.toString('hex'), check: sealed.toString('base64'), ...(salt ? { salt: salt.toString('base64') } : {}) };
}

/** Whether `key` is the one the verifier was made with. */
export function verifies(verifier: KeyVerifier, key: DataKey): boolean {
  if (!timingSafeEqual(Buffer.from(verifier.id, 'hex'), key.id)) return false;
  const sealed = Buffer.from(verifier.check, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const text = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
    return text.equals(VERIFIER_TEXT);
  } catch {
    return false;
  }
}

/**
 * The keys a process may read files with: the current one (new files are written with it) and,
 * during a rotation, the one being replaced. Without a key loaded, any use throws.
 */
export class DataKeyring {
  private readonly keys: DataKey[];

  constructor(current: Buffer | null, others: Buffer[] = []) {
    this.keys = current ? [dataKey(current), ...others.map(dataKey)] : [];
  }

  get loaded(): boolean {
    return this.keys.length > 0;
  }

  get current(): DataKey {
    const key = this.keys[0];
    if (!key) throw new Error('The data key is not loaded.');
    return key;
  }

  byId(id: Buffer): DataKey | undefined {
    return this.keys.find((k) => k.id.equals(id));
  }
}
