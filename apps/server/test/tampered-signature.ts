/**
 * A signed URL with its signature's first character changed to another one: always a different
 * signature. (Setting it to a fixed character left it unchanged whenever the signature already
 * began with that character, and a test then saw 200 where it wanted 403.)
 */
export function withTamperedSignature(url: string): string {
  const tampered = url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
  if (tampered === url) throw new Error(`no signature to tamper with in ${url}`);
  return tampered;
}
