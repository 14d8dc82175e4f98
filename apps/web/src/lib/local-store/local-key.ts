/**
 * The key of what this phone keeps for offline use: derived from the user's password with
 * PBKDF2-SHA256 at a high iteration count (a stolen phone's store costs a guesser that much per
 * guess), AES-GCM, not extractable, and held only in this page's memory. Every value is sealed
 * with a fresh random IV; GCM's tag makes a wrong key or a changed byte fail to open at all.
 */

/** OWASP's recommendation for PBKDF2-HMAC-SHA256. */
export const PBKDF2_ITERATIONS = 600_000;

export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export function newSalt(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(16));
}

/** The key's 256 bits, for handing to the page a sign-in loads next (key-handoff.ts) and nowhere else. */
export async function deriveKeyBits(password: string, salt: Uint8Array<ArrayBuffer>, iterations = PBKDF2_ITERATIONS): Promise<ArrayBuffer> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256);
}

/** The AES-GCM key of those bits, not extractable. */
export function keyFromBits(bits: BufferSource): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bits, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations = PBKDF2_ITERATIONS): Promise<CryptoKey> {
  return keyFromBits(await deriveKeyBits(password, salt, iterations));
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value)));
  return { iv, data };
}

/** The value sealed under `key`; throws for another key or a changed byte. */
export async function unseal<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
