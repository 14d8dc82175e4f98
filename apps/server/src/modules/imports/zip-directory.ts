/**
 * What a zip file (an .xlsx workbook) says it unpacks to, read from its central directory before
 * anything is unpacked: a zip bomb says so here, or lies about it and fails the row and size
 * limits as it is read. Null when there is no directory to read (a damaged or cut-off file), or
 * it uses the 64-bit sizes no spreadsheet this size needs.
 */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

export function unpackedSize(data: Buffer): number | null {
  // The end record is the last 22 bytes, followed by a comment of at most 65,535 bytes.
  const from = Math.max(0, data.length - 22 - 65_535);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = data.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return total;
}
