import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore as TusFileStore } from '@tus/file-store';
import type { Upload as TusUpload } from '@tus/server';
import type { FinishedUploads } from './finished-uploads.ts';

/**
 * tus's file store, for whom an upload that has finished still exists: complete, its bytes gone
 * with its finish. tus takes the upload's lock, reads the upload and only then runs the finish, so
 * a PATCH at the final offset that reaches tus while another request finishes the upload would
 * otherwise find nothing (404) instead of the upload's one result. Here it finds the upload
 * complete, sends no byte, and the finish answers it what the upload became (resumable-uploads.ts).
 * tus's classes are passed in: they are loaded with the first resumable upload (decision 0020).
 */
export function receivedStore(
  FileStore: typeof TusFileStore,
  Upload: typeof TusUpload,
  finished: FinishedUploads,
  directory: string,
  expiryMs: number,
  /** Called once an upload's received bytes are removed (finished, refused or cancelled), before tus answers. */
  onRemoved: (id: string) => Promise<void>,
  /** The stream that hides an upload's bytes from `offset` on as they are written (FileStore.scratch): none lies on disk readable. */
  hide: (id: string, offset: number) => Transform,
): TusFileStore {
  /** The finished upload's size, or null while it is not finished (or never was). */
  const finishedSize = async (id: string): Promise<number | null> => {
    const outcome = await finished.find(id);
    return outcome && outcome.state !== 'saving' && outcome.size !== undefined ? outcome.size : null;
  };
  class ReceivedStore extends FileStore {
    override async getUpload(id: string): Promise<TusUpload> {
      try {
        return await super.getUpload(id);
      } catch (err) {
        const size = await finishedSize(id);
        const outcome = size === null ? null : await finished.find(id);
        if (size === null || !outcome) throw err;
        return new Upload({ id, size, offset: size, metadata: { uploaded_by: outcome.uploaded_by } });
      }
    }

    override async write(readable: Readable, id: string, offset: number): Promise<number> {
      // Its bytes are gone: nothing more can be written (tus allows no byte past the size anyway).
      if (!existsSync(path.join(directory, id)) && (await finishedSize(id)) === offset) {
        readable.resume();
        return offset;
      }
      const hidden = hide(id, offset);
      // A client that drops the request fails the write as it did before: the error reaches tus's own pipeline through this one.
      pipeline(readable, hidden).catch(() => {});
      return super.write(hidden, id, offset);
    }

    override async remove(id: string): Promise<void> {
      try {
        await super.remove(id);
      } finally {
        await onRemoved(id);
      }
    }
  }
  return new ReceivedStore({ directory, expirationPeriodInMilliseconds: expiryMs });
}
