import type { MediaSavedResponse, MediaUpdateInput } from '@app/shared/schemas/media.schema';
import { API_BASE, ApiError, ensureCsrfCookie } from '../../../lib/api-client.ts';
import { uploadError } from './upload-error.ts';
import { uploadHeaders } from './upload-headers.ts';

export interface ReplaceFileRequest {
  id: number;
  input: MediaUpdateInput;
  file: File;
  /** Bytes of the form sent so far, of its total. */
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /galleries/{id} with `_method=PUT` and a new file (spec section 7): the item's file is
 * replaced, with the same checks as an upload, together with the edited fields — all saved or
 * none. Sent with XMLHttpRequest, not fetch: only it reports how much of a body has gone, which
 * the edit screen shows as the upload page does. Every field is sent, blank ones too: a blank
 * description or tags clears them, as the JSON update does.
 */
export async function replaceMediaFile({ id, input, file, onProgress, signal }: ReplaceFileRequest): Promise<MediaSavedResponse> {
  await ensureCsrfCookie();
  const form = new FormData();
  form.append('_method', 'PUT');
  for (const [key, value] of Object.entries(input)) if (value != null && key !== '_method') form.append(key, String(value));
  form.append('file', file);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/galleries/${id}`);
    for (const [name, value] of Object.entries(uploadHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as MediaSavedResponse);
        } catch {
          reject(uploadError(xhr.status, null));
        }
      } else reject(uploadError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(uploadError(0, null));
    xhr.onabort = () => reject(new ApiError({ status: 0, message: 'Request aborted', reason: 'aborted' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
