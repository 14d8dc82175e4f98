import { MEDIA_ACCEPT, MEDIA_MAX_BYTES_DEFAULT } from '@app/shared/constants';
import { formatBytes } from './transfer-rate.ts';
import { mediaTooLargeMessage, type MediaType } from '@app/shared/schemas/media.schema';

/**
 * The upload page's rules that are not a field's schema (spec section 5): which files a media
 * type takes, when the form may be sent, and what each of several files is titled. Pure, so the
 * unit test reads them without a browser.
 */

/** What the file input offers: image/*, video/*, or .pdf .doc .docx .txt. */
export function acceptFor(mediaType: MediaType): string {
  return MEDIA_ACCEPT[mediaType];
}

/**
 * Does the file fit the media type's filter? The `accept` attribute only filters the picker:
 * dropped files arrive unfiltered, so they are checked here by the same rule. (The server decides
 * by content; this only spares a caseworker a refused upload.)
 */
export function fileFitsType(file: Pick<File, 'name' | 'type'>, mediaType: MediaType): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return acceptFor(mediaType)
    .split(',')
    .some((rule) => {
      const r = rule.trim().toLowerCase();
      if (r.startsWith('.')) return name.endsWith(r);
      if (r.endsWith('/*')) return type.startsWith(r.slice(0, -1));
      return type === r;
    });
}

/** Why a chosen file cannot go (wrong kind, empty, too large), or null when it can. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>, mediaType: MediaType): 'type' | 'empty' | 'size' | null {
  if (!fileFitsType(file, mediaType)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MEDIA_MAX_BYTES_DEFAULT[mediaType]) return 'size';
  return null;
}

/** The schema's own words for a file over the type's default limit. */
export function tooLargeMessage(mediaType: MediaType): string {
  return mediaTooLargeMessage(mediaType, MEDIA_MAX_BYTES_DEFAULT[mediaType]);
}

/** The default limit of a type, as the page states it under the file field. */
export function limitOf(mediaType: MediaType, language: string): string {
  return formatBytes(MEDIA_MAX_BYTES_DEFAULT[mediaType], language);
}

/** Submit is disabled without a file and an orphan (spec section 5). */
export function canSubmit(orphanId: string | undefined, files: readonly unknown[]): boolean {
  return !!orphanId && files.length > 0;
}

/**
 * Each file becomes its own media item with the form's fields. One file keeps the title as typed;
 * several are numbered ("Visit (2/3)") so each item can be told apart in the grid.
 */
export function titleFor(title: string, index: number, count: number): string {
  const base = title.trim();
  return count > 1 ? `${base} (${index + 1}/${count})` : base;
}

/** Add files to a selection, leaving out one already chosen (same name, size and date). */
export function addFiles(current: readonly File[], added: readonly File[]): File[] {
  const key = (f: File) => `${f.name}\u0000${f.size}\u0000${f.lastModified}`;
  const seen = new Set(current.map(key));
  const out = [...current];
  for (const file of added) {
    if (seen.has(key(file))) continue;
    seen.add(key(file));
    out.push(file);
  }
  return out;
}
