import { useState } from 'react';
import type { ImportKind, ImportPreview } from '@app/shared/schemas/import.schema';
import { API_BASE, ApiError } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { uploadHeaders } from '../../../lib/upload-headers.ts';
import { IMPORTS } from './import-query-keys.ts';

export interface UploadInput {
  kind: ImportKind;
  siteId: string;
  file: File;
}

type Answer = { message?: string; errors?: Record<string, string[]>; code?: ApiError['code'] } | null;

function parseAnswer(text: string): Answer {
  try {
    return JSON.parse(text) as Answer;
  } catch {
    return null;
  }
}

/**
 * POST /imports (multipart) through XMLHttpRequest, whose upload reports its progress (fetch's
 * does not): the share of the file sent, then null while the server reads and checks it.
 */
function sendImport({ kind, siteId, file }: UploadInput, onProgress: (sent: number | null) => void): Promise<ImportPreview> {
  const form = new FormData();
  form.append('kind', kind);
  if (siteId) form.append('site_id', siteId);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/imports`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(uploadHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable && event.loaded < event.total ? event.loaded / event.total : null);
    xhr.onerror = () => reject(new ApiError({ status: 0, message: 'Network Error', reason: 'network' }));
    xhr.onload = () => {
      const body = parseAnswer(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as unknown as ImportPreview);
      else reject(new ApiError({ status: xhr.status, message: body?.message ?? xhr.statusText, errors: body?.errors, code: body?.code, data: body }));
    };
    xhr.send(form);
  });
}

/** The upload, and how much of the file has been sent (null before and after the sending). */
export function useUploadImport() {
  const [sent, setSent] = useState<number | null>(null);
  const mutation = useResourceWrite(IMPORTS, async (input: UploadInput) => {
    setSent(0);
    try {
      return await sendImport(input, setSent);
    } finally {
      setSent(null);
    }
  });
  return { ...mutation, sent };
}
