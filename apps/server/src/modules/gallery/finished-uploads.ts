import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '@app/shared/messages';
import { processGone } from '../storage/storage.service.ts';

/**
 * What became of resumable uploads whose bytes all arrived (decision 0038): when the
 * last PATCH's answer never reaches the page (the link dropped just then), tus-js-client asks
 * again with HEAD. The upload's bytes are gone by then — into a media item, or removed with a
 * refusal — so without this record the answer would be 404 and the page would send the whole
 * file again. One small JSON file per upload, in a folder of its own beside tus's (tus reads every
 * file in its own folder as an upload), kept as long as an unfinished upload is (a day).
 * Files, not memory: several server processes share the folder, and the page may ask another one.
 *
 * - `saving`: written before the bytes are checked and saved, naming the process doing it and the
 *   storage key the file goes to; a HEAD meanwhile answers 423. If that process ends first (a
 *   crash), the record says where to look: the media row pointing to that key committed or not
 *   (resumable-recovery.ts).
 * - `saved`: the item it became; a HEAD answers its id with Upload-Offset = Upload-Length.
 * - `refused`: the refusal the last PATCH answered (413, 422…), in English; a HEAD or PATCH
 *   answers it again, in the reader's language, instead of the page starting over.
 */

interface Outcome {
  /** Only the uploader may learn about it, as only they may resume it. */
  uploaded_by: string;
}
export interface SavingUpload extends Outcome {
  state: 'saving';
  /** The process saving it (storage/uncommitted-files.ts's rule: one machine's process ids). */
  pid: number;
  /** Where the file is being stored; the media row that commits points to it. */
  file_key: string;
  size: number;
}
export interface SavedUpload extends Outcome {
  state: 'saved';
  media_id: number;
  size: number;
  /** The save's message (English), answered again to a PATCH repeated after it; records from before it say nothing (created). */
  message?: string;
}
export interface RefusedUpload extends Outcome {
  state: 'refused';
  /** The upload's length (records from before it say nothing). */
  size?: number;
  status: number;
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
}
export type UploadOutcome = SavingUpload | SavedUpload | RefusedUpload;

/** tus upload ids are random hex (@tus/server's default naming); anything else names no file here. */
const UPLOAD_ID = /^[0-9a-f]{16,64}$/;

export class FinishedUploads {
  /** The uploads this process is saving now: a `saving` record of this process id not among them was left by an earlier process with the same id (a restarted container). */
  private readonly savingHere = new Set<string>();

  constructor(
    private readonly directory: string,
    private readonly keepMs: number,
  ) {}

  async init(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  private file(id: string): string | null {
    return UPLOAD_ID.test(id) ? path.join(this.directory, `${id}.json`) : null;
  }

  /** Written atomically (a reader sees the old record or the whole new one). */
  async record(id: string, outcome: UploadOutcome): Promise<void> {
    const file = this.file(id);
    if (!file) return;
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(outcome));
    await rename(temporary, file);
  }

  /** This process starts saving the upload: recorded before any of it is stored. */
  async saving(id: string, outcome: Omit<SavingUpload, 'state' | 'pid'>): Promise<void> {
    this.savingHere.add(id);
    await this.record(id, { state: 'saving', pid: process.pid, ...outcome });
  }

  /** This process is no longer saving it (whatever the record now says). */
  savedOrGivenUp(id: string): void {
    this.savingHere.delete(id);
  }

  async find(id: string, now = Date.now()): Promise<UploadOutcome | null> {
    const file = this.file(id);
    if (!file) return null;
    try {
      const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      if (now - info.mtimeMs > this.keepMs) return null;
      const outcome = JSON.parse(text) as UploadOutcome | Omit<SavedUpload, 'state'>;
      // Records written before refusals and saves were told apart held only the saved item.
      return 'state' in outcome ? outcome : { state: 'saved', ...outcome };
    } catch {
      return null;
    }
  }

  async forget(id: string): Promise<void> {
    this.savingHere.delete(id);
    const file = this.file(id);
    if (file) await rm(file, { force: true });
  }

  /** A `saving` record whose process has ended: the save was cut off, and nobody will finish it. */
  interrupted(id: string, outcome: UploadOutcome): outcome is SavingUpload {
    if (outcome.state !== 'saving') return false;
    return outcome.pid === process.pid ? !this.savingHere.has(id) : processGone(outcome.pid);
  }

  /** Every upload whose save was cut off (read at start: there may be some after a crash). */
  async allInterrupted(): Promise<Array<{ id: string; outcome: SavingUpload }>> {
    const found: Array<{ id: string; outcome: SavingUpload }> = [];
    for (const name of await readdir(this.directory)) {
      const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
      const outcome = id ? await this.find(id) : null;
      if (outcome && this.interrupted(id, outcome)) found.push({ id, outcome });
    }
    return found;
  }

  /** Records past their time go (with the hourly sweep of forgotten uploads). */
  async sweep(now = Date.now()): Promise<void> {
    for (const name of await readdir(this.directory)) {
      const file = path.join(this.directory, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > this.keepMs) await rm(file, { force: true });
    }
  }
}
