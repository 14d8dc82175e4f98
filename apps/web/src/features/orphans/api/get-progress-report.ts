import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { saveFile, type DownloadedFile } from '../../../lib/save-file.ts';

export type ProgressReportFile = DownloadedFile;

/** The file name of a Content-Disposition header (RFC 6266: the UTF-8 `filename*` first), only a name. */
export function reportFileName(disposition: string | null, orphanId: number): string {
  const extended = disposition ? /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1] : undefined;
  let name: string | undefined;
  try {
    name = extended ? decodeURIComponent(extended.trim()) : undefined;
  } catch {
    name = undefined;
  }
  name ??= disposition ? /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] : undefined;
  return name?.replace(/[/\\]/g, '_').trim() || `progress-report-${orphanId}.pdf`;
}

/**
 * GET /orphans/{id}/progress-report — the child's progress report as a PDF, written in `language`
 * (the language on screen, sent as Accept-Language: Dari and Pashto come out right to left).
 * A refusal (403, 404) rejects with the server's ApiError.
 */
export async function getProgressReport(orphanId: number, language: string, signal?: AbortSignal): Promise<ProgressReportFile> {
  const response = await request<Response>('GET', `/orphans/${encodeURIComponent(String(orphanId))}/progress-report`, {
    signal,
    responseType: 'response',
    headers: { Accept: 'application/pdf, application/json', 'Accept-Language': language },
  });
  return { blob: await response.blob(), fileName: reportFileName(response.headers.get('content-disposition'), orphanId) };
}

/** Download and save one child's report; each click is one report (and one activity-log entry), never retried. */
export function useProgressReportDownload() {
  return useMutation({
    mutationFn: async ({ orphanId, language }: { orphanId: number; language: string }) => {
      const file = await getProgressReport(orphanId, language);
      saveFile(file);
      return file;
    },
    retry: false,
  });
}
