/**
 * The HTTP pieces of a file download: one byte range (RFC 9110 §14) and an attachment's file
 * name (RFC 6266 with RFC 5987's UTF-8 form, so Dari titles survive).
 */

/**
 * The single range a `Range` header asks for, clamped to the file; null to send the whole file
 * (no header, a unit other than bytes, several ranges, or a malformed one — all allowed to be
 * ignored); 'unsatisfiable' when it starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** Characters no file system or header should see in a name. */
// eslint-disable-next-line no-control-regex -- control characters are among those removed
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f"\\/:*?<>|]+/g;

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>`: browsers that read the
 * UTF-8 form (all current ones) get the title as typed, others an ASCII stand-in; neither can
 * break out of the header or name a path.
 */
export function attachmentDisposition(title: string, ext: string, fallback: string): string {
  const clean = title.normalize('NFC').replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 150) || fallback;
  const name = `${clean}${ext}`;
  const asciiStem = clean.replace(/[^\x20-\x7e]/g, '').replace(/\s+/g, ' ').trim();
  const ascii = `${/[a-z0-9]/i.test(asciiStem) ? asciiStem : fallback}${ext}`.replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
