import type { Kysely } from 'kysely';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import { type PageItem, type PublishedPageLink } from '@app/shared/schemas/page.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizePageHtml } from '../../lib/html-sanitizer.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import { findPage, findPublishedPage, listPageRows, publishedLinks, type PageRow, type PageValues } from './pages.repository.ts';
import * as pageWrites from './pages.writes.ts';

export interface PageFormInput {
  title: string;
  slug: string;
  content?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  isPublished?: boolean;
}

function toItem(row: PageRow): PageItem {
  const published = row.is_published === 1;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    isPublished: published,
    is_published: published,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored form of the page: the HTML sanitised on every write, blank meta fields as null. */
function toValues(input: PageFormInput, now: string): PageValues {
  return {
    title: input.title,
    slug: input.slug,
    content: sanitizePageHtml(input.content ?? ''),
    meta_title: input.metaTitle || null,
    meta_description: input.metaDescription || null,
    is_published: input.isPublished ? 1 : 0,
    updated_at: now,
  };
}

/** A concurrent writer may take the slug between our check and our write: the unique index decides. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export async function listPages(db: Kysely<DB>, q: { page: number; per_page?: number; search?: string }): Promise<NestedPaged<PageItem>> {
  const perPage = q.per_page ?? (await defaultPerPage(db));
  const { rows, total } = await listPageRows(db, { search: q.search || undefined, limit: perPage, offset: (q.page - 1) * perPage });
  return { data: { data: rows.map(toItem), meta: pageMeta(total, q.page, perPage) } };
}

export async function getPage(db: Kysely<DB>, id: number): Promise<PageItem> {
  const row = await findPage(db, id);
  if (!row) throw AppError.notFound();
  return toItem(row);
}

export async function getPublishedPage(db: Kysely<DB>, slug: string): Promise<PageItem> {
  const row = await findPublishedPage(db, slug);
  if (!row) throw AppError.notFound();
  return toItem(row);
}

export async function listPublishedPages(db: Kysely<DB>): Promise<PublishedPageLink[]> {
  return publishedLinks(db);
}

export async function createPage(db: Kysely<DB>, actorId: number, input: PageFormInput): Promise<PageItem> {
  const now = nowIso();
  const id = await uniqueSlug(db.transaction().execute((trx) => pageWrites.createPage(trx, { actorId, values: { ...toValues(input, now), created_at: now } })));
  return getPage(db, id);
}

export async function updatePage(db: Kysely<DB>, actorId: number, id: number, input: PageFormInput): Promise<PageItem> {
  await uniqueSlug(db.transaction().execute((trx) => pageWrites.updatePage(trx, { actorId, id, values: toValues(input, nowIso()) })));
  return getPage(db, id);
}

export async function deletePage(db: Kysely<DB>, actorId: number, id: number): Promise<void> {
  await db.transaction().execute((trx) => pageWrites.deletePage(trx, { actorId, id }));
}

/** The write checks the slug first; on PostgreSQL a concurrent write may still take it, and the unique index decides. */
async function uniqueSlug<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw pageWrites.slugError();
    throw err;
  }
}
