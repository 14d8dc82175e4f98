import { createCipheriv, createHmac } from 'node:crypto';
import type { Transform } from 'node:stream';
import type { DataKeyring } from '../../lib/data-key.ts';

/*
 * Bytes still arriving — a resumable upload's received parts, appended by request after request
 * at whatever offset the last one reached — cannot be sealed in authenticated chunks until the
 * upload is whole. They are kept under AES-256-CTR instead, with a key of their own derived from
 * the data key and a counter start derived from the upload's name: every byte has its keystream
 * position, so a part written at any offset and the whole read back from the start line up, and
 * the file's size is the content's. This hides them on disk; it does not authenticate them. The
 * whole is authenticated when it is stored (FileStorage.put seals it) after its type is checked.
 * Encrypting and decrypting are the same operation.
 */

const BLOCK = 16n;

/** The stream that encrypts (or decrypts) the bytes of scratch file `name` starting at byte `offset`. */
export function scratchStream(keyring: DataKeyring, name: string, offset: number): Transform {
  const key = createHmac('sha256', keyring.current.key).update('orphan-care scratch key v1').digest();
  const start = BigInt(`0x${createHmac('sha256', key).update(name).digest('hex').slice(0, 32)}`);
  const counter = (start + BigInt(offset) / BLOCK) % (1n << 128n);
  const iv = Buffer.from(counter.toString(16).padStart(32, '0'), 'hex');
  const cipher = createCipheriv('aes-256-ctr', key, iv);
  // Inside a block: the keystream bytes before the offset are used up first.
  const skip = offset % 16;
  if (skip) cipher.update(Buffer.alloc(skip));
  return cipher;
}
