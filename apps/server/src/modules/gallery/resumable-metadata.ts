import { MEDIA_MESSAGES, mediaUpdateSchema, mediaUploadSchema, type MediaType } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { replaceableType } from './gallery-replace.ts';
import { findActiveOrphan } from '../orphans/orphans.service.ts';
import type { GalleryContext } from './gallery.service.ts';

/**
 * What a resumable upload's Upload-Metadata may say, checked when it is created (before a byte of
 * the file is sent): a new item's fields as `POST /galleries` takes them, or `replaces` with an
 * item's id and the update's fields as `POST /galleries/{id}` takes them. Each answers the media
 * type the file must be.
 */

type Metadata = Record<string, string | null>;

export async function checkNewUpload(ctx: GalleryContext, metadata: Metadata): Promise<MediaType> {
  const parsed = mediaUploadSchema.safeParse(metadata);
  if (!parsed.success) throw AppError.validationMany(issuesToErrors(parsed.error.issues));
  if (!(await findActiveOrphan(ctx.db, ctx.scope, parsed.data.orphan_id))) throw AppError.validation('orphan_id', MEDIA_MESSAGES.orphanNotFound);
  return parsed.data.media_type;
}

/** A replacement: its uploader may edit the gallery, the item is there, the fields are an update's. */
export async function checkReplacement(ctx: GalleryContext, metadata: Metadata, canEdit: boolean): Promise<MediaType> {
  if (!canEdit) throw AppError.forbidden();
  const raw = metadata.replaces ?? '';
  if (!/^\d{1,10}$/.test(raw)) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  const mediaType = await replaceableType(ctx, Number(raw));
  const parsed = mediaUpdateSchema.safeParse(replacementFields(metadata));
  if (!parsed.success) throw AppError.validationMany(issuesToErrors(parsed.error.issues));
  return mediaType;
}

/**
 * The update's fields of a replacement. tus carries a blank value as a key without one (null):
 * it is the emptied field of the form, '' — which clears a description or tags, as the JSON
 * update's '' does.
 */
export function replacementFields(metadata: Metadata): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, value ?? '']));
}
