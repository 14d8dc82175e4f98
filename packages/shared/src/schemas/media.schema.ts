import { z } from 'zod';
import { GALLERY_DEFAULT_PAGE_SIZE, MAX_ID, MAX_PER_PAGE, MEDIA_TYPES, VIDEO_RESOLUTIONS } from '../constants.ts';
import { hasControlCharacters, hasMarkup, pageQuery, paged, plainText } from './common.schema.ts';
import { blankToUndefined, optionalDate, optionalEnum, optionalText, requiredDate, requiredEnum, requiredText } from './orphan.schema.ts';
import { siteFilterField } from './sites.schema.ts';

/**
 * The gallery (spec sections 2, 3, 5, 7): the upload form and `POST /galleries` fields,
 * the update body, the list queries and the media item as every call answers it. The upload page,
 * the multipart route and the resumable (tus) upload's metadata all parse with `mediaUploadSchema`.
 */

export type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_MESSAGES = {
  orphanRequired: 'Please select an orphan',
  orphanInvalid: 'The selected orphan is invalid.',
  orphanNotFound: 'The selected orphan does not exist or is in the trash.',
  mediaTypeRequired: 'Media type is required',
  mediaTypeInvalid: 'The selected media type is invalid.',
  titleRequired: 'Title is required',
  dateRequired: 'Date is required',
  fileRequired: 'The file is required.',
  fileEmpty: 'The file is empty.',
  tagsInvalid: 'Each tag may be at most 50 characters, with at most 20 tags.',
  dateRangeInvalid: 'The to date must be on or after the from date.',
  perPageTooLarge: `The per page may not be greater than ${MAX_PER_PAGE}.`,
  perPageTooSmall: 'The per page must be at least 1.',
  notFound: 'Media not found.',
  created: 'Media uploaded successfully',
  updated: 'Media updated successfully',
  deleted: 'Media deleted successfully',
  resolutionNotFound: 'That resolution of this video does not exist (yet).',
  /** The download dialog's words for a video without its resolutions (spec section 2). */
  stillProcessing: 'Resolutions are still being processed; only the original quality is available.',
  noTranscoder: 'This server cannot make other resolutions of videos; only the original quality is available.',
  methodNotAllowed: 'The method is not supported for this route. Use _method=PUT.',
  /** Without ffmpeg a video's location and other hidden details cannot be removed, so none is kept. */
  videoNeedsFfmpeg: 'Videos cannot be accepted: this server has no ffmpeg to remove their location and other hidden details.',
  /** A document kept with its properties, said to the uploader (the upload's message and the item's reason). */
  documentFormatNotCleaned: 'Uploaded, but its author and other hidden properties could not be removed: old Word (.doc) files cannot be cleaned. Save it as PDF or .docx and upload that instead.',
  documentNotCleaned: 'Uploaded, but its author and other hidden properties could not be removed: this server has no mat2 to clean documents.',
  documentUnreadable: 'Uploaded, but its author and other hidden properties could not be removed: the document could not be read (it is damaged or protected).',
} as const;

/** A video refused at upload for its size in pixels (either way round). */
export const videoResolutionMessage = (width: number, height: number, longSide: number, shortSide: number): string =>
  `The video is ${width} × ${height} pixels; at most ${longSide} × ${shortSide} are accepted.`;

/** A video refused at upload for its length, in whole minutes. */
export const videoDurationMessage = (seconds: number, maxSeconds: number): string =>
  `The video lasts ${Math.ceil(seconds / 60)} minutes; at most ${Math.floor(maxSeconds / 60)} minutes are accepted.`;

/** A video refused at upload for its frame rate. */
export const videoFrameRateMessage = (fps: number, max: number): string => `The video has ${fps} frames a second; at most ${max} are accepted.`;

/** An item whose transcode needed more memory than one may (TRANSCODE_MAX_MEMORY_MB). */
export const videoOverMemoryMessage = (megabytes: number): string => `Processing needed more than the ${megabytes} MB of memory a video may use.`;

/** An item whose transcode ran past its time (TRANSCODE_MAX_MINUTES). */
export const videoOverTimeMessage = (minutes: number): string => `Processing took longer than the ${minutes} minutes a video may take.`;

/** Refused type: what was chosen and what the content is. */
export const mediaTypeMismatchMessage = (mediaType: MediaType, found: string): string =>
  mediaType === 'document'
    ? `The file must be a PDF, Word (.doc, .docx) or plain-text document; this one is ${found}.`
    : `The file must be ${mediaType === 'image' ? 'an image (not SVG)' : 'a video'}; this one is ${found}.`;

/** Refused size: the limit of the chosen type, in whole megabytes. */
export const mediaTooLargeMessage = (mediaType: MediaType, maxBytes: number): string =>
  `The ${mediaType} may not be larger than ${formatMegabytes(maxBytes)}.`;

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${+(mb / 1024).toFixed(1)} GB` : `${+mb.toFixed(1)} MB`;
}

export const MEDIA_TITLE_MAX = 255;
export const MEDIA_DESCRIPTION_MAX = 5000;
const TAG_MAX = 50;
const TAGS_MAX = 20;

/**
 * Tags are one comma-separated string (spec section 3). Each is plain text; blanks and repeats
 * (ignoring case) are dropped and the rest joined with ", ". Empty means none.
 */
const tagsRule = z.string({ error: MEDIA_MESSAGES.tagsInvalid }).transform((v, ctx) => {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of v.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.some((t) => hasMarkup(t))) ctx.addIssue({ code: 'custom', message: 'The tags may not contain HTML.' });
  else if (tags.some((t) => hasControlCharacters(t))) ctx.addIssue({ code: 'custom', message: 'The tags may not contain control characters.' });
  else if (tags.length > TAGS_MAX || tags.some((t) => t.length > TAG_MAX)) ctx.addIssue({ code: 'custom', message: MEDIA_MESSAGES.tagsInvalid });
  return tags.length ? tags.join(', ') : undefined;
});
const tagsField = z
  .string({ error: MEDIA_MESSAGES.tagsInvalid })
  .nullish()
  .transform((v) => v ?? '')
  .pipe(tagsRule);

/** Splits a stored or filter tags string into its tags (what `tagsField` joined). */
export const splitTags = (tags: string | null | undefined): string[] =>
  (tags ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');

/** An orphan id from a form field, a query or JSON ("12" or 12). */
const orphanIdRule = z
  .string()
  .regex(/^\d{1,10}$/, MEDIA_MESSAGES.orphanInvalid)
  .transform(Number)
  .pipe(z.number().min(1, MEDIA_MESSAGES.orphanInvalid).max(MAX_ID, MEDIA_MESSAGES.orphanInvalid));
const orphanIdInput = (missing: string) =>
  z
    .union([z.string(), z.number()], { error: missing })
    .nullish()
    .transform((v) => blankToUndefined(v == null ? v : String(v)));
const orphanIdField = orphanIdInput(MEDIA_MESSAGES.orphanRequired).pipe(z.string({ error: MEDIA_MESSAGES.orphanRequired }).pipe(orphanIdRule));
const optionalOrphanId = orphanIdInput(MEDIA_MESSAGES.orphanInvalid).pipe(orphanIdRule.optional());

/** An optional field an update can clear: absent or null keeps it, blank clears it (null). */
function clearable<T extends z.ZodType<unknown, string>>(rule: T) {
  return z
    .string()
    .nullish()
    .transform((v) => (v == null ? undefined : v.trim() === '' ? null : v.trim()))
    .pipe(z.union([z.null(), rule]).optional());
}

const titleField = requiredText(MEDIA_MESSAGES.titleRequired, 'title', MEDIA_TITLE_MAX);
const descriptionField = optionalText('description', MEDIA_DESCRIPTION_MAX);

/**
 * The upload's fields besides the file (multipart fields of `POST /galleries`, or the tus
 * Upload-Metadata of `/api/uploads`). The file itself is checked by content on the server.
 */
export const mediaUploadSchema = z.object({
  orphan_id: orphanIdField,
  media_type: requiredEnum(MEDIA_TYPES, MEDIA_MESSAGES.mediaTypeRequired, MEDIA_MESSAGES.mediaTypeInvalid),
  title: titleField,
  description: descriptionField,
  tags: tagsField,
  date: requiredDate(MEDIA_MESSAGES.dateRequired, 'date'),
});
export type MediaUploadInput = z.input<typeof mediaUploadSchema>;
export type MediaUploadData = z.output<typeof mediaUploadSchema>;
/** The multipart field holding the file. */
export const MEDIA_FILE_FIELD = 'file';

/**
 * `POST /galleries/{id}` with `_method=PUT` (multipart or JSON): only what is given changes —
 * null, undefined and (for required fields) empty values are skipped, as the client sends them.
 * description and tags sent empty clear them. The file and its media type stay as uploaded.
 */
export const mediaUpdateSchema = z.object({
  orphan_id: optionalOrphanId,
  title: optionalText('title', MEDIA_TITLE_MAX),
  /** '' clears; absent or null keeps. */
  description: clearable(plainText('description', MEDIA_DESCRIPTION_MAX)),
  tags: clearable(tagsRule.transform((v) => v ?? null)),
  date: optionalDate('date'),
  _method: z.string().optional(),
});
export type MediaUpdateInput = z.input<typeof mediaUpdateSchema>;
export type MediaUpdateData = z.output<typeof mediaUpdateSchema>;

const perPage = (fallback: number) =>
  z.coerce
    .number({ error: MEDIA_MESSAGES.perPageTooSmall })
    .int(MEDIA_MESSAGES.perPageTooSmall)
    .min(1, MEDIA_MESSAGES.perPageTooSmall)
    .max(MAX_PER_PAGE, MEDIA_MESSAGES.perPageTooLarge)
    .default(fallback);

const dateRange = {
  date_from: optionalDate('from date'),
  date_to: optionalDate('to date'),
};
const rangeInOrder = <T extends { date_from?: string; date_to?: string }>(q: T) => !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** `GET /galleries`: newest date first; tags match when the item has every tag asked for. */
export const mediaListQuerySchema = z
  .object({
    page: pageQuery,
    per_page: perPage(GALLERY_DEFAULT_PAGE_SIZE),
    /** Only the items of this site's children (one the user holds: else 422). */
    site_id: siteFilterField,
    orphan_id: optionalOrphanId,
    media_type: optionalEnum(MEDIA_TYPES, MEDIA_MESSAGES.mediaTypeInvalid),
    ...dateRange,
    tags: tagsField,
  })
  .refine(rangeInOrder, { message: MEDIA_MESSAGES.dateRangeInvalid, path: ['date_to'] });
export type MediaListQueryInput = z.input<typeof mediaListQuerySchema>;
export type MediaListQuery = z.output<typeof mediaListQuerySchema>;

/** `GET /orphans/{id}/media?date_from&date_to`. */
export const orphanMediaQuerySchema = z.object(dateRange).refine(rangeInOrder, { message: MEDIA_MESSAGES.dateRangeInvalid, path: ['date_to'] });
export type OrphanMediaQueryInput = z.input<typeof orphanMediaQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers. Every URL is a short-lived signed URL (decision: files, signed URLs); a page that
// keeps a list open longer than that reloads it.

export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export const VIDEO_RESOLUTION_NAMES = Object.keys(VIDEO_RESOLUTIONS) as Array<keyof typeof VIDEO_RESOLUTIONS>;

const nullableText = z.string().nullable();

export const mediaItemSchema = z.object({
  id: z.number().int(),
  orphan_id: z.number().int(),
  /** The child's name as shown on a card. */
  orphan: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  media_type: z.enum(MEDIA_TYPES),
  title: z.string(),
  description: nullableText,
  /** Comma-separated (spec section 3), or null. */
  tags: nullableText,
  date: z.string(),
  /** The name the file was uploaded with (also the download's file name, with the title). */
  file_name: z.string(),
  /** The type found in the content (not the one the browser claimed). */
  mime_type: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for videos once known. */
  duration: z.number().nullable(),
  /**
   * processing: a video whose resolutions or poster are still being made (the original can be
   * downloaded already); ready: everything there is; failed: processing gave up (`status_reason`),
   * the original is still there.
   */
  status: z.enum(MEDIA_STATUSES),
  /** Why it failed, or why a video has only its original (no ffmpeg on the server). */
  status_reason: nullableText,
  /** Card picture: an image's thumbnail or a video's poster thumbnail; null for documents and until made. */
  thumbnail_url: nullableText,
  /** An image at display size (lightbox); null otherwise. */
  display_url: nullableText,
  /** A video's poster frame; null until made. */
  poster_url: nullableText,
  /** Resolution name ('360p', …) → signed URL of that MP4, as each one is finished. */
  resolution_urls: z.record(z.string(), z.string()),
  /** Resolution name → its size in bytes, where known (the download dialog shows each choice's size). */
  resolution_sizes: z.record(z.string(), z.number().int()),
  /** The original (without its metadata) (also plays in a <video>); with the download's file name. */
  original_url: z.string(),
  /** `/download/gallery/{id}`: the best version there is (an image's original, a video's highest resolution, else the original). */
  download_url: z.string(),
  /** Spec section 3's `file_url`: the same as `original_url`. */
  file_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaResponseSchema = z.object({ data: mediaItemSchema });
export type MediaResponse = z.infer<typeof mediaResponseSchema>;
export const mediaSavedResponseSchema = z.object({ message: z.string(), data: mediaItemSchema });
export type MediaSavedResponse = z.infer<typeof mediaSavedResponseSchema>;
export const mediaPageSchema = paged(mediaItemSchema);
export type MediaPage = z.infer<typeof mediaPageSchema>;
/** `GET /orphans/{id}/media` answers `{ media: { data: [...] } }` (spec section 7), newest first. */
export const orphanMediaResponseSchema = z.object({ media: z.object({ data: z.array(mediaItemSchema) }) });
export type OrphanMediaResponse = z.infer<typeof orphanMediaResponseSchema>;
