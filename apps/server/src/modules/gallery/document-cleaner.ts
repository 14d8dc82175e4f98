import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import type { FileStorage } from '../storage/file-storage.types.ts';
import { processGone, readStoredFile } from '../storage/storage.service.ts';
import type { GalleryConfig } from './gallery-config.ts';

/*
 * A document's properties — author, creator, producer, a title naming a child, an XMP block with
 * where it was written — cleared before any row points to it, by Debian's mat2 (a system package:
 * scripts/install-system-deps.sh). A PDF is cleaned in mat2's light mode: its pages are drawn again
 * as they are (text stays text) into a file without the old one's dictionaries; the full mode
 * would turn every page into a picture. A Word file (.docx) loses its document properties,
 * revision marks' authors and the like. Plain text has no properties. An old Word file (.doc) is
 * a format mat2 cannot clean: it is kept as it is, and the uploader is told so — as they are of a
 * PDF mat2 cannot read (encrypted, or damaged) and of every document where this server has no mat2.
 */

const CLEANABLE: Record<string, { ext: string; args: string[] }> = {
  'application/pdf': { ext: '.pdf', args: ['--lightweight'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: '.docx', args: [] },
};
const PLAIN_TEXT = 'text/plain';
/** A document is at most tens of MB; cleaning one that takes longer than this is refused as unreadable. */
const CLEAN_TIMEOUT_MS = 120_000;

function mat2(command: string, args: string[]): Promise<{ ok: boolean; missing: boolean }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: CLEAN_TIMEOUT_MS, killSignal: 'SIGKILL' }, (err) => {
      resolve({ ok: !err, missing: (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' });
    });
  });
}

/** Beside the storage, never in the system's temporary folder: a child's document stays on the storage's disk. */
const workRoot = (c: Pick<GalleryConfig, 'resumableDir'>): string => path.join(path.dirname(c.resumableDir), '.documents');
const sweptRoots = new Set<string>();

/**
 * At start, before any document is cleaned: the decrypted copies a crashed process left mid-clean
 * go now, not at the next document.
 */
export const sweepDocumentLeftovers = (config: Pick<GalleryConfig, 'resumableDir'>): Promise<void> => sweepLeftovers(workRoot(config));

/** Once per process: the folders of processes that ended while cleaning (a crash) go. */
async function sweepLeftovers(root: string): Promise<void> {
  if (sweptRoots.has(root)) return;
  sweptRoots.add(root);
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && processGone(pid)) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

/** The cleaned bytes, or why not: this server cannot clean documents (no mat2), or mat2 cannot read this one (damaged or encrypted). */
export async function cleanDocumentBytes(config: GalleryConfig, bytes: Buffer, mime: string): Promise<Buffer | string> {
  const kind = CLEANABLE[mime];
  if (!kind) return MEDIA_MESSAGES.documentFormatNotCleaned;
  if (config.mat2 === 'none') return MEDIA_MESSAGES.documentNotCleaned;
  const root = workRoot(config);
  await mkdir(root, { recursive: true });
  await sweepLeftovers(root);
  // A folder of its own, named for this process; mat2 knows a file's format by its extension and
  // writes its clean copy beside it as NAME.cleaned.EXT.
  const workDir = await mkdtemp(path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}-`));
  const input = path.join(workDir, `document${kind.ext}`);
  const output = path.join(workDir, `document.cleaned${kind.ext}`);
  try {
    await writeFile(input, bytes);
    const ran = await mat2(config.mat2, [...kind.args, input]);
    if (ran.missing) return MEDIA_MESSAGES.documentNotCleaned;
    if (!ran.ok) return MEDIA_MESSAGES.documentUnreadable;
    return await readFile(output);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Clean a stored (uncommitted) document in place. Answers the new size, and the notice the
 * uploader is given when its properties could not be cleared (null when nothing is left in it).
 */
export async function cleanStoredDocument(config: GalleryConfig, files: FileStorage, key: string, mime: string): Promise<{ size: number | null; notice: string | null }> {
  if (mime === PLAIN_TEXT) return { size: null, notice: null };
  if (!CLEANABLE[mime]) return { size: null, notice: MEDIA_MESSAGES.documentFormatNotCleaned };
  const bytes = await readStoredFile(files, key);
  if (!bytes) throw new Error(`stored upload ${key} vanished`);
  const clean = await cleanDocumentBytes(config, bytes, mime);
  if (typeof clean === 'string') return { size: null, notice: clean };
  await files.put(key, clean);
  return { size: clean.length, notice: null };
}
