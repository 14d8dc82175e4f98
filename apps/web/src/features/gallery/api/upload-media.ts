import { Upload, type DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { RESUMABLE_CHUNK_BYTES } from '@app/shared/constants';
import type { MediaUpdateInput, MediaUploadInput } from '@app/shared/schemas/media.schema';
import { API_BASE, ApiError, ensureCsrfCookie } from '../../../lib/api-client.ts';
import { uploadError } from './upload-error.ts';
import { uploadHeaders } from '../../../lib/upload-headers.ts';

/** Where resumable uploads are created (tus 1.0.0): the server checks and stores the file at the end. */
export const UPLOADS_ENDPOINT = `${API_BASE}/uploads`;
/** The server's header naming the item a finished upload became (gallery resumable-uploads.ts). */
const MEDIA_ID_HEADER = 'Upload-Media-Id';
/** The server's header carrying a remembered refusal's answer, percent-encoded JSON (gallery resumable-uploads.ts). */
const REFUSAL_HEADER = 'Upload-Refusal';

/** The server refused the upload earlier and says so again: tus-js-client must stop, not start it over. */
class RefusedUpload extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/**
 * A HEAD after a refusal whose answer was lost (the link dropped just then) answers that refusal
 * again, with its body in a header (a HEAD has none). tus-js-client would take any 4xx to a HEAD
 * as "no such upload" and send the whole file again, to be refused again: thrown here instead,
 * the refusal reaches the page as if the last answer had arrived.
 */
export function refusalOf(request: Pick<HttpRequest, 'getMethod'>, response: Pick<HttpResponse, 'getStatus' | 'getHeader'>): ApiError | null {
  const header = response.getHeader(REFUSAL_HEADER);
  if (request.getMethod() !== 'HEAD' || !header || response.getStatus() < 400) return null;
  let body: string | null = null;
  try {
    body = decodeURIComponent(header);
  } catch {
    // Not ours: keep the status only.
  }
  return uploadError(response.getStatus(), body);
}

/**
 * Waits between tries of one request, lengthening: a mobile link that drops for a minute costs a
 * few quiet tries, not a failed upload. After the last, the upload is stalled (not failed) and
 * tried again when the browser is back online or every {@link STALLED_RETRY_MS}.
 */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
export const STALLED_RETRY_MS = 30_000;

export interface MediaUploadHandlers {
  onProgress: (sent: number, total: number) => void;
  /** The link is down and tries continue; `onProgress` resumes when it is back. */
  onStalled: () => void;
  /**
   * Saved, as the item `mediaId` names (null if the server did not say). Also when the last
   * answer was lost: the retry's HEAD finds the upload finished and names its item. `notice`:
   * what the uploader must know of the kept file (a document whose author could not be removed).
   */
  onSuccess: (mediaId: number | null, notice: string | null) => void;
  /**
   * Refused for good (422 with field errors, 413, 403…), as the ApiError every screen reads. Also
   * when that answer was lost: the retry's HEAD answers the refusal again (refusalOf).
   */
  onError: (error: ApiError) => void;
}

export interface MediaUploadHandle {
  /** Stop; `discard` also asks the server to delete what it has received. */
  cancel: (discard: boolean) => void;
}

/** tus says nothing about errors: ours come as the API's JSON body on the refused request (or a remembered refusal, see refusalOf). */
function toApiError(err: Error): ApiError {
  const cause = (err as DetailedError).causingError;
  if (cause instanceof RefusedUpload) return cause.error;
  const response = (err as DetailedError).originalResponse;
  return uploadError(response?.getStatus() ?? 0, response?.getBody());
}

/** The item a finished upload became: the last PATCH's JSON, or the header of a HEAD that found it finished (its answer was lost). */
/** The saved item's reason, when the answer carries the item (a HEAD after a lost answer does not). */
function noticeOf(response: HttpResponse): string | null {
  try {
    const reason = (JSON.parse(response.getBody() || '{}') as { data?: { status_reason?: unknown } }).data?.status_reason;
    return typeof reason === 'string' && reason ? reason : null;
  } catch {
    return null;
  }
}

function mediaIdOf(response: HttpResponse): number | null {
  const header = Number(response.getHeader(MEDIA_ID_HEADER));
  if (header > 0) return header;
  try {
    const id = (JSON.parse(response.getBody() || '{}') as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/** The edit form's fields and the item whose file a resumable upload replaces. */
export type ReplacementFields = MediaUpdateInput & { replaces: number };

/** Worth trying again: no answer at all, the server busy or restarting, or a lock still held. */
export function isTransient(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
}

/**
 * Send one file resumably: in chunks of {@link RESUMABLE_CHUNK_BYTES} over the tus
 * protocol, with the form's fields as the upload's metadata (the server parses them with the same
 * `mediaUploadSchema` as `POST /galleries`, when the upload is created — before any byte is sent).
 * A dropped connection resumes from the server's offset, not from the start; the same file with
 * the same fields chosen again after a reload resumes too (its fingerprint includes the fields, so
 * a file is never attached to a child it was not meant for).
 *
 * A replacement of an item's file sends `replaces` with the item's id and the edit form's fields
 * (the update's rules); there an emptied field goes too, as a key without a value, and clears it.
 */
export function uploadMedia(file: File, fields: MediaUploadInput | ReplacementFields, handlers: MediaUploadHandlers): MediaUploadHandle {
  const replacing = 'replaces' in fields;
  const metadata: Record<string, string> = { filename: file.name, filetype: file.type };
  for (const [key, value] of Object.entries(fields)) if (value != null && (value !== '' || replacing)) metadata[key] = String(value);

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const resume = () => {
    if (stopped) return;
    clearTimeout(timer);
    window.removeEventListener('online', resume);
    upload.start();
  };

  const upload = new Upload(file, {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: RESUMABLE_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata,
    removeFingerprintOnSuccess: true,
    fingerprint: async (f) => ['gallery', f.name, f.type, f.size, f.lastModified, JSON.stringify(metadata)].join('|'),
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(uploadHeaders())) req.setHeader(name, value);
    },
    onAfterResponse: (req, res) => {
      const refused = refusalOf(req, res);
      if (refused) throw new RefusedUpload(refused);
    },
    onShouldRetry: (err) => {
      if ((err as DetailedError).causingError instanceof RefusedUpload) return false;
      const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
      // Say at once that the link dropped; the next progress event says it is back.
      if (status === 0) handlers.onStalled();
      return isTransient(status);
    },
    onProgress: handlers.onProgress,
    onSuccess: ({ lastResponse }) => handlers.onSuccess(mediaIdOf(lastResponse), noticeOf(lastResponse)),
    onError: (err) => {
      if (stopped) return;
      const error = toApiError(err);
      if (!isTransient(error.status)) {
        handlers.onError(error);
        return;
      }
      handlers.onStalled();
      window.addEventListener('online', resume);
      timer = setTimeout(resume, STALLED_RETRY_MS);
    },
  });

  void (async () => {
    await ensureCsrfCookie();
    const previous = await upload.findPreviousUploads();
    if (stopped) return;
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  })().catch((err: unknown) => handlers.onError(err instanceof ApiError ? err : toApiError(err as Error)));

  return {
    cancel: (discard) => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', resume);
      void upload.abort(discard).catch(() => {
        // The server forgets unfinished uploads after a while anyway.
      });
    },
  };
}
