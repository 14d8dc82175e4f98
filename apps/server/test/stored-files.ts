import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file under a storage folder — uncommitted marks, temporary and half-written files
 * included — as sorted paths relative to it, with `/` between folders. The tests that check what an
 * upload, a crash or a restore leaves on disk all read it through this.
 */
export function storedFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
