import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What became of resumable uploads that finished (issue 14): when the last PATCH's answer never
 * reaches the page (the link dropped after the server saved the item), tus-js-client asks again
 * with HEAD. The upload's bytes are gone by then — they went into the media item — so without
 * this record the answer would be 404 and the page would start the upload over or call it failed.
 * One small JSON file per finished upload, in a folder of its own beside tus's (tus reads every
 * file in its own folder as an upload), kept as long as an unfinished upload is (a day): the page
 * retries for a minute, a reloaded page resumes from its stored upload URL within that day.
 * Files, not memory: several server processes share the folder, and the page may ask another one.
 */

export interface FinishedUpload {
  media_id: number;
  size: number;
  /** Only the uploader may learn about it, as only they may resume it. */
  uploaded_by: string;
}

/** tus upload ids are random hex (@tus/server's default naming); anything else names no file here. */
const UPLOAD_ID = /^[0-9a-f]{16,64}$/;

export class FinishedUploads {
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

  /** Written before the upload's bytes are removed, atomically (a reader sees all of it or nothing). */
  async record(id: string, finished: FinishedUpload): Promise<void> {
    const file = this.file(id);
    if (!file) return;
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(finished));
    await rename(temporary, file);
  }

  async find(id: string, now = Date.now()): Promise<FinishedUpload | null> {
    const file = this.file(id);
    if (!file) return null;
    try {
      const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return now - info.mtimeMs > this.keepMs ? null : (JSON.parse(text) as FinishedUpload);
    } catch {
      return null;
    }
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
