import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from './file-storage.types.ts';

/**
 * Every column that holds a storage key. A feature that stores files adds its columns here: the
 * sweep keeps an uncommitted file only when one of them points to it (a crash between the
 * database commit and `commit()`), and a test checks that every `*_path` column is listed.
 */
export const FILE_REFERENCES: ReadonlyArray<{ table: keyof DB & string; columns: readonly string[] }> = [
  { table: 'orphans', columns: ['photo_path', 'photo_thumb_path'] },
  { table: 'media', columns: ['file_path', 'display_path', 'thumb_path', 'poster_path', 'video_360p_path', 'video_720p_path', 'video_1080p_path'] },
];

const BATCH = 500;

/** True when no process with this id runs on this machine (the storage folder is one machine's). */
export function processGone(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The subset of `keys` some record points to. */
async function referenced(db: Kysely<DB>, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const anyDb = db as unknown as Kysely<Record<string, Record<string, string | null>>>;
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    for (const { table, columns } of FILE_REFERENCES) {
      const rows = await anyDb
        .selectFrom(table)
        .select(columns as string[])
        .where((eb) => eb.or(columns.map((c) => eb(c, 'in', batch))))
        .execute();
      for (const row of rows) for (const c of columns) if (row[c]) found.add(row[c]!);
    }
  }
  return found;
}

export interface SweepResult {
  /** Files of uploads that never committed, removed. */
  removed: number;
  /** Files whose record committed just before the crash, kept. */
  kept: number;
  /** Temporary files of half-done writes, removed. */
  temporary: number;
}

/**
 * Clear what crashed processes left in the storage: files stored for a
 * database write that never committed go, files a record points to stay, half-written temporary
 * files go. Runs when a server process starts, before it serves: its own earlier marks (a restart
 * with the same process id, as in a container) count as gone, a live sibling's do not.
 */
export async function sweepUncommittedFiles(db: Kysely<DB>, files: FileStorage, self = process.pid): Promise<SweepResult> {
  const { uncommitted, temporary } = await files.leftovers((pid) => pid === self || processGone(pid));
  const pointedTo = uncommitted.length ? await referenced(db, uncommitted) : new Set<string>();
  const result: SweepResult = { removed: 0, kept: 0, temporary: temporary.length };
  for (const key of uncommitted) {
    if (pointedTo.has(key)) {
      await files.adopt(key);
      result.kept++;
    } else {
      await files.remove(key);
      result.removed++;
    }
  }
  for (const name of temporary) await files.removeTemporary(name);
  return result;
}
