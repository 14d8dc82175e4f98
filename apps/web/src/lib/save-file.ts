/** A file the app downloaded (an export, a progress report) and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** Hand a downloaded file to the browser to save, under the server's name. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the save (it copies the blob when the click is handled).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
