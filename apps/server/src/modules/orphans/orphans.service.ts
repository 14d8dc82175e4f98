import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Paged } from '@app/shared/schemas/common.schema';
import type { AccessSubject } from '@app/shared/permissions';
import {
  ORPHAN_MESSAGES,
  ORPHAN_RESPONSE_MESSAGES as RESPONSE,
  orphanSchema,
  type Orphan,
  type OrphanDetails,
  type orphanDuplicateQuerySchema,
  type OrphanDuplicatesResponse,
  type OrphanData,
  type OrphanListItem,
  type OrphanListQuery,
  type OrphanSelectorItem,
  type TrashedOrphanListItem,
} from '@app/shared/schemas/orphan.schema';
import { searchWords } from '@app/shared/search-folding';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { AppError } from '../../lib/app-error.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { nowIso } from '../../lib/time.ts';
import { detectImageType, processImage } from '../storage/images.service.ts';
import { childMediaFiles } from '../gallery/gallery.service.ts';
import { commitQuietly, newStorageKey, releaseQuietly, removeQuietly, type FileStore } from '../storage/storage.service.ts';
import { orphanPage, selectorRows, type OrphanFilter, type OrphanListRow } from './orphans-list.repository.ts';
import { activeOrphanRow, activeOrphanRows, findLikelyDuplicates, findOrphanRow, findShownPhotoKeys, type ActiveOrphan, type OrphanRow } from './orphans.repository.ts';
import { fieldAnswers, toFieldColumns } from './orphan-columns.ts';
import { openChildColumn } from './orphan-sealing.ts';
import { familyToken, identityToken, normalisedNumber, searchTextsOf } from './orphan-search-text.ts';
import * as writes from './orphans.writes.ts';
import { siteForChild, siteNames, siteWithinScope } from '../sites/sites.service.ts';
import { recordsWithinScope, withinScope, type SiteScope } from './orphan-scope.ts';
import { childFieldsHook, hiddenClasses, keepUneditable, redactChild, showsField, viewableClasses, type Viewable } from './orphan-redaction.ts';

export { recordsWithinScope, withinScope, type SiteScope };
export { childFieldsHook, redactChild, showsField, viewableClasses, type Viewable };
export { conditionToken, openChildColumn, openChildRow, sealChildColumns } from './orphan-sealing.ts';

/**
 * Rows of another feature that carry their child's father's name (sealed, class family), with it
 * opened: the child is `orphan_id` (a result, a month) or `id` (a child's own row).
 */
export function withFatherNames<T extends { father_name: string | null }>(rows: T[], idOf: (r: T) => number): T[] {
  return rows.map((r) => ({ ...r, father_name: openChildColumn('father_name', idOf(r), r.father_name) as string | null }));
}

/** The writes of an import from a spreadsheet (modules/imports), inside its one transaction. */
export * as childImports from './orphan-imports.writes.ts';

/** The overview's counts and short lists of children (modules/dashboard). */
export * as orphansOverview from './orphans-overview.repository.ts';

export interface OrphanContext {
  db: Kysely<DB>;
  dialect: Dialect;
  store: FileStore;
  log: FastifyBaseLogger;
  /** The sites whose children this request reaches, and the active ones the user holds. */
  scope: SiteScope;
  sites: readonly { id: number }[];
  /** Who asks: the classes of sensitive fields they see and may write (orphan-redaction.ts). */
  user: AccessSubject;
  viewable: Viewable;
}

/** A create or update request, as read from JSON or multipart (routes). */
export interface OrphanRequest {
  fields: Record<string, unknown>;
  photo?: Buffer;
  removePhoto: boolean;
}

/**
 * An edit may carry the child's `updated_at` as the form read it; the save is then refused (409)
 * if anyone saved the child since, instead of silently undoing their change. Without it, the
 * last save wins (the spec's API, and scripts).
 */
function expectedVersion(fields: Record<string, unknown>): string | undefined {
  const v = fields.updated_at;
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 40) throw AppError.validation('updated_at', RESPONSE.versionInvalid);
  return v;
}

const PHOTO_FOLDER = 'orphans';

/** The children's photos are served while their child is outside the trash and still has that photo (FileStore.serveFolder). */
export function servePhotos(store: FileStore, db: Kysely<DB>): void {
  store.serveFolder(PHOTO_FOLDER, async (id, key) => {
    const row = await findShownPhotoKeys(db, id);
    return !!row && (row.photo_path === key || row.photo_thumb_path === key);
  });
}

// ---------------------------------------------------------------------------------------------
// Row ⇄ answer: the fields' columns come from the shared field list (orphan-columns.ts); here only
// the columns derived from them and the record's own.

/** The columns that follow from the fields: never a change of their own. */
const DERIVED = new Set(['search_text', 'search_family', 'search_identity', 'birthday']);

/** Columns of a validated request; absent optional fields are cleared (PUT replaces the record). */
function toColumns(d: OrphanData) {
  return { ...toFieldColumns(d), birthday: d.dob.slice(5), ...searchTextsOf(d) };
}

/** The site names the answers about these rows need (a handful of sites: one small read). */
function namesOf(ctx: OrphanContext, rows: readonly { site_id: number }[]): Promise<Map<number, string>> {
  return siteNames(ctx.db, rows.map((r) => r.site_id));
}

const siteOf = (r: { site_id: number }, names: Map<number, string>) => ({ site_id: r.site_id, site_name: names.get(r.site_id) ?? '' });

async function answerOf(ctx: OrphanContext, r: OrphanRow): Promise<OrphanDetails> {
  return { ...toOrphan(r, ctx, await namesOf(ctx, [r])), hidden_classes: hiddenClasses(ctx.viewable) };
}

function toOrphan(r: OrphanRow, ctx: OrphanContext, names: Map<number, string>): Orphan {
  const store = ctx.store;
  return {
    id: r.id,
    ...redactChild(fieldAnswers(r), ctx.viewable),
    ...siteOf(r, names),
    profile_photo_url: store.url(r.photo_path, r.id),
    profile_photo_thumb_url: store.url(r.photo_thumb_path, r.id),
    created_at: r.created_at,
    updated_at: r.updated_at,
    deleted_at: r.deleted_at,
  };
}

function toListItem(r: OrphanListRow, ctx: OrphanContext, names: Map<number, string>): OrphanListItem {
  const store = ctx.store;
  return redactChild<OrphanListItem>({
    ...siteOf(r, names),
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    father_name: r.father_name,
    grandfather_name: r.grandfather_name,
    dob: r.dob,
    gender: r.gender as OrphanListItem['gender'],
    class_grade: r.class_grade as OrphanListItem['class_grade'],
    admission_date: r.admission_date,
    status: r.status as OrphanListItem['status'],
    photo_thumb_url: store.url(r.photo_thumb_path, r.id),
  }, ctx.viewable);
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * The search's words and the tokens of the classes the reader views (decision 0060): a family
 * name's word found whole, an id number found whole. Without view-identity a word with a digit
 * could only find a child by an id number, so a search of one number finds the record id alone
 * and any other with a digit is refused (saying so reveals nothing of any child).
 */
function searchOf(ctx: OrphanContext, search: string | undefined): Pick<OrphanFilter, 'words' | 'idOnly' | 'familyTokens' | 'identityToken'> {
  const words = search ? searchWords(search) : [];
  if (!words.length) return { words };
  const familyTokens = ctx.viewable.has('family') ? words.map(familyToken) : undefined;
  if (showsField(ctx.viewable, 'identity_card_number')) {
    const whole = normalisedNumber(search!);
    return { words, familyTokens, identityToken: whole ? identityToken(search!) : null };
  }
  if (!words.some((w) => /\d/.test(w))) return { words, familyTokens };
  if (words.length === 1 && /^\d+$/.test(words[0]!)) return { words, idOnly: true };
  throw AppError.validation('search', ORPHAN_MESSAGES.searchNeedsIdentity);
}

async function filterOf(ctx: OrphanContext, q: OrphanListQuery, trashed: boolean): Promise<OrphanFilter> {
  return {
    scope: ctx.scope,
    site_id: await siteWithinScope(ctx.db, ctx.scope, q.site_id),
    ...searchOf(ctx, q.search),
    gender: q.gender,
    class_grade: q.class_grade,
    admission_from: q.admission_from,
    admission_to: q.admission_to,
    trashed,
  };
}

async function pageOf<T>(ctx: OrphanContext, q: OrphanListQuery, trashed: boolean, item: (r: OrphanListRow, names: Map<number, string>) => T): Promise<Paged<T>> {
  const offset = (q.page - 1) * q.per_page;
  const { total, rows } = await orphanPage(ctx.db, ctx.dialect, await filterOf(ctx, q, trashed), q.sort, q.per_page, offset);
  const names = await namesOf(ctx, rows);
  return {
    data: rows.map((r) => item(r, names)),
    ...pageMeta(total, q.page, q.per_page),
  };
}

export function listOrphans(ctx: OrphanContext, q: OrphanListQuery): Promise<Paged<OrphanListItem>> {
  return pageOf(ctx, q, false, (r, names) => toListItem(r, ctx, names));
}

export function listTrashedOrphans(ctx: OrphanContext, q: OrphanListQuery): Promise<Paged<TrashedOrphanListItem>> {
  return pageOf(ctx, q, true, (r, names) => ({ ...toListItem(r, ctx, names), deleted_at: r.deleted_at! }));
}

/** The selector view (spec: `no_pagination=true`): every child outside the trash, by name. */
export async function orphanSelector(ctx: OrphanContext, q: OrphanListQuery): Promise<{ data: { data: OrphanSelectorItem[] } }> {
  const rows = await selectorRows(ctx.db, ctx.dialect, await filterOf(ctx, q, false));
  const names = await namesOf(ctx, rows);
  // The grade (and the site) tells apart two children of the same name and father.
  return { data: { data: rows.map((r) => redactChild({ ...r, ...siteOf(r, names), class_grade: r.class_grade as OrphanSelectorItem['class_grade'] }, ctx.viewable)) } };
}

/** Children outside the trash who look like the one about to be saved (orphanDuplicateQuerySchema). */
export async function possibleDuplicates(ctx: OrphanContext, q: z.output<typeof orphanDuplicateQuerySchema>): Promise<OrphanDuplicatesResponse> {
  // Without view-family the father's name is neither compared nor answered.
  const father = showsField(ctx.viewable, 'father_name') ? (q.father_name ?? null) : null;
  const rows = await findLikelyDuplicates(ctx.db, ctx.scope, { ...q, father_name: father, except: q.except ?? null });
  return { data: rows.map((r) => redactChild(r, ctx.viewable)) };
}

export async function getOrphan(ctx: OrphanContext, id: number): Promise<{ data: OrphanDetails }> {
  const row = await findOrphanRow(ctx.db, ctx.scope, id);
  if (!row || row.deleted_at) throw AppError.notFound(RESPONSE.notFound);
  return { data: await answerOf(ctx, row) };
}

// ---------------------------------------------------------------------------------------------
// Writing

interface StoredPhoto {
  photo_path: string;
  photo_thumb_path: string;
}

/**
 * Validate the fields and the photo together (one 422 with every field's message), then make and
 * store the photo's versions. Nothing is stored unless everything is valid.
 */
async function validateRequest(ctx: OrphanContext, req: OrphanRequest, existing: OrphanRow | null): Promise<{ data: OrphanData; photo: StoredPhoto | null }> {
  const parsed = orphanSchema.safeParse(req.fields);
  const errors = parsed.success ? {} : issuesToErrors(parsed.error.issues);
  if (req.photo && !(await detectImageType(req.photo))) errors.profile_photo = [ORPHAN_MESSAGES.photoNotImage];
  if (!parsed.success || errors.profile_photo) throw AppError.validationMany(errors);
  // A field of a class the user may not edit: refused if changed, else kept as stored.
  const data = keepUneditable(ctx.user, parsed.data, existing ? fieldAnswers(existing) : null);
  if (!req.photo) return { data, photo: null };
  const image = await processImage(req.photo);
  if (!image) throw AppError.validation('profile_photo', ORPHAN_MESSAGES.photoNotImage);
  const display = newStorageKey(PHOTO_FOLDER, image.suffix);
  const thumb = display.replace(/(\.[a-z]+)$/, `-thumb$1`);
  try {
    await ctx.store.files.put(display, image.display);
    await ctx.store.files.put(thumb, image.thumb);
  } catch (err) {
    await removeQuietly(ctx.store.files, [display, thumb], ctx.log);
    throw err;
  }
  return { data, photo: { photo_path: display, photo_thumb_path: thumb } };
}

/** Run `write`; if it fails, the files just stored for it are removed again, else they are marked committed. */
async function withStoredPhoto<T>(ctx: OrphanContext, photo: StoredPhoto | null, write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (err) {
    if (photo) await removeQuietly(ctx.store.files, [photo.photo_path, photo.photo_thumb_path], ctx.log);
    throw err;
  }
  // Until now a crash would leave these files to the start-up sweep (storage/uncommitted-files.ts).
  if (photo) await commitQuietly(ctx.store.files, [photo.photo_path, photo.photo_thumb_path], ctx.log);
  return result;
}

export async function createOrphan(ctx: OrphanContext, userId: number | null, req: OrphanRequest): Promise<{ message: string; data: OrphanDetails }> {
  const siteId = await siteForChild(ctx.db, ctx.scope, ctx.sites, req.fields.site_id);
  const { data, photo } = await validateRequest(ctx, req, null);
  const now = nowIso();
  const values = {
    ...toColumns(data),
    site_id: siteId,
    photo_path: photo?.photo_path ?? null,
    photo_thumb_path: photo?.photo_thumb_path ?? null,
    created_by: userId,
    updated_by: userId,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const row = await withStoredPhoto(ctx, photo, () => ctx.db.transaction().execute((trx) => writes.insertOrphan(trx, { values, userId })));
  return { message: RESPONSE.created, data: await answerOf(ctx, row) };
}

export async function updateOrphan(ctx: OrphanContext, userId: number | null, id: number, req: OrphanRequest): Promise<{ message: string; data: OrphanDetails }> {
  const existing = await findOrphanRow(ctx.db, ctx.scope, id);
  if (!existing || existing.deleted_at) throw AppError.notFound(RESPONSE.notFound);
  const expectedUpdatedAt = expectedVersion(req.fields);
  const { data, photo } = await validateRequest(ctx, req, existing);
  const columns = toColumns(data);
  const replacePhoto = photo !== null || req.removePhoto;
  if (replacePhoto) await releaseQuietly(ctx.store.files, [existing.photo_path, existing.photo_thumb_path], ctx.log);
  const values = { ...columns, ...(replacePhoto ? { photo_path: photo?.photo_path ?? null, photo_thumb_path: photo?.photo_thumb_path ?? null } : {}) };
  // Field names only are logged; the search texts and birthday follow from other fields.
  const logged = [...Object.keys(columns).filter((k) => !DERIVED.has(k)), ...(replacePhoto ? ['photo_path'] : [])];
  const result = await withStoredPhoto(ctx, photo, () => ctx.db.transaction().execute((trx) => writes.updateOrphan(trx, { scope: ctx.scope, id, userId, values, logged, expectedUpdatedAt })));
  if (replacePhoto && result.before.photo_path !== result.updated.photo_path) {
    await removeQuietly(ctx.store.files, [result.before.photo_path, result.before.photo_thumb_path], ctx.log);
  }
  return { message: RESPONSE.updated, data: await answerOf(ctx, result.updated) };
}

export async function trashOrphan(ctx: OrphanContext, userId: number | null, id: number): Promise<{ message: string }> {
  await ctx.db.transaction().execute((trx) => writes.trashOrphan(trx, { scope: ctx.scope, id, userId }));
  return { message: RESPONSE.deleted };
}

export async function restoreOrphan(ctx: OrphanContext, userId: number | null, id: number): Promise<{ message: string; data: OrphanDetails }> {
  const row = await ctx.db.transaction().execute((trx) => writes.restoreOrphan(trx, { scope: ctx.scope, id, userId }));
  return { message: RESPONSE.restored, data: await answerOf(ctx, row) };
}

export async function purgeOrphan(ctx: OrphanContext, userId: number | null, id: number): Promise<{ message: string }> {
  // Marked first, so that a crash between the purge and the removal leaves them to the start-up sweep.
  const before = await findOrphanRow(ctx.db, ctx.scope, id);
  // The child's gallery files too: their rows go with the child's (a trashed child takes no uploads).
  const media = before?.deleted_at ? await childMediaFiles(ctx.db, id) : [];
  if (before?.deleted_at) await releaseQuietly(ctx.store.files, [before.photo_path, before.photo_thumb_path, ...media], ctx.log);
  const row = await ctx.db.transaction().execute((trx) => writes.purgeOrphan(trx, { scope: ctx.scope, id, userId }));
  // Files go only after the row is gone for good; a failure here leaves an orphaned file, logged.
  await removeQuietly(ctx.store.files, [row.photo_path, row.photo_thumb_path, ...media], ctx.log);
  return { message: RESPONSE.purged };
}

export type { ActiveOrphan };

/**
 * A child outside the trash and within the request's sites, for another feature (the child a
 * record belongs to); undefined otherwise — a child of another site is one that does not exist.
 */
export function findActiveOrphan(db: Kysely<DB>, scope: SiteScope, id: number): Promise<ActiveOrphan | undefined> {
  return activeOrphanRow(db, scope, id);
}

/** The children outside the trash and within the sites among `ids` (a class's worth or more), by id. */
export async function findActiveOrphans(db: Kysely<DB>, scope: SiteScope, ids: readonly number[]): Promise<Map<number, ActiveOrphan>> {
  const found = new Map<number, ActiveOrphan>();
  for (let i = 0; i < ids.length; i += 500) for (const r of await activeOrphanRows(db, scope, ids.slice(i, i + 500))) found.set(r.id, r);
  return found;
}

/** A child's name as every screen, log line, sheet and report writes it. */
export const fullName = (c: { first_name: string; last_name: string }): string => `${c.first_name} ${c.last_name}`.trim();

/**
 * Lock these children's rows for the rest of a write's transaction (ids ascending, so two writes
 * cannot wait for each other): a write that checks something of a child's records before adding
 * one (one result per assessment, one attendance record per month) then sees every write to that
 * child committed before it. A no-op update takes PostgreSQL's row lock on both databases' terms;
 * on SQLite the transaction already holds the write lock.
 */
export async function lockChildren(trx: Kysely<DB>, orphanIds: readonly number[]): Promise<void> {
  const ids = [...new Set(orphanIds)].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += 500) {
    await trx.updateTable('orphans').set({ updated_at: sql.ref('updated_at') }).where('id', 'in', ids.slice(i, i + 500)).execute();
  }
}
