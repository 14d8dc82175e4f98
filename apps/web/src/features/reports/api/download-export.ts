import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  exportFileName,
  XLSX_CONTENT_TYPE,
  type AttendanceExport,
  type ExportKind,
  type OrphanExport,
  type ResultExport,
} from '@app/shared/schemas/export.schema';
import { ApiError, request } from '../../../lib/api-client.ts';
import { saveFile, type DownloadedFile } from '../../../lib/save-file.ts';

/** What each export's form sends: the shared schema's output, in which empty filters are undefined (left out of the JSON). */
export interface ExportBodies {
  orphans: OrphanExport;
  results: ResultExport;
  attendance: AttendanceExport;
}

export type DownloadedExport = DownloadedFile;

export interface DownloadOptions {
  /** The UI language: the sheet's headings and direction follow it (sent as Accept-Language). */
  language: string;
  /** Bytes received so far, as they arrive (the size is unknown until the end: the file is streamed). */
  onProgress?: (received: number) => void;
  signal?: AbortSignal;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
  // Only a name, never a path.
  const clean = name?.replace(/[/\\]/g, '_').trim();
  return clean || null;
}

/**
 * POST /export/{kind} (spec section 7): the .xlsx the server streams, read chunk by chunk so the
 * form can show how much has arrived. A refusal (403, 422...) rejects with the server's ApiError
 * before anything is read; a download cut short rejects like a failed network call.
 */
export async function downloadExport<K extends ExportKind>(kind: K, body: ExportBodies[K], { language, onProgress, signal }: DownloadOptions): Promise<DownloadedExport> {
  const response = await request<Response>('POST', `/export/${kind}`, {
    body,
    signal,
    responseType: 'response',
    headers: { Accept: `${XLSX_CONTENT_TYPE}, application/json`, 'Accept-Language': language },
  });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (!reader) {
      const whole = new Uint8Array(await response.arrayBuffer());
      chunks.push(whole);
      onProgress?.(whole.byteLength);
    } else {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        onProgress?.(received);
      }
    }
  } catch (err) {
    const aborted = err instanceof DOMException && err.name === 'AbortError';
    throw new ApiError({ status: 0, message: aborted ? 'Request aborted' : 'Network Error', reason: aborted ? 'aborted' : 'network' });
  }
  return {
    blob: new Blob(chunks, { type: XLSX_CONTENT_TYPE }),
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? exportFileName(kind),
  };
}

/** Download and save one export; `received` counts the bytes of the download under way (null when none). */
export function useExportDownload<K extends ExportKind>(kind: K) {
  const [received, setReceived] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ body, language }: { body: ExportBodies[K]; language: string }) => {
      setReceived(0);
      try {
        const file = await downloadExport(kind, body, { language, onProgress: setReceived });
        saveFile(file);
        return file;
      } finally {
        setReceived(null);
      }
    },
    // An export is not repeated behind the user's back: a second click is theirs to make.
    retry: false,
  });
  return { ...mutation, received };
}
