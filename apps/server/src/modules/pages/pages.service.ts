import type { Kysely } from 'kysely';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import { PAGE_MSG, type PageItem, type PublishedPageLink } from '@app/shared/schemas/page.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizePageHtml } from '../../lib/html-sanitizer.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import {
  deletePageRow,
  findPage,
  findPublishedPage,
  insertPage,
  listPageRows,
  publishedLinks,
  slugTaken,
  updatePageRow,
  type PageRow,
  type PageValues,
} from './pages.repository.ts';

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

const slugError = () => AppError.validation('slug', PAGE_MSG.slugTaken);

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
  if (await slugTaken(db, input.slug)) throw slugError();
  const now = nowIso();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertPage(trx, { ...toValues(input, now), created_at: now });
      await logActivity(trx, { userId: actorId, type: 'other', action: 'created', subjectType: 'page', subjectId: id, name: input.title });
      return id;
    });
    return getPage(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugError();
    throw err;
  }
}

export async function updatePage(db: Kysely<DB>, actorId: number, id: number, input: PageFormInput): Promise<PageItem> {
  const existing = await getPage(db, id);
  if (await slugTaken(db, input.slug, id)) throw slugError();
  try {
    await db.transaction().execute(async (trx) => {
      const values = toValues(input, nowIso());
      await updatePageRow(trx, id, values);
      const action = values.is_published === 1 && !existing.isPublished ? 'published' : values.is_published === 0 && existing.isPublished ? 'unpublished' : 'updated';
      await logActivity(trx, { userId: actorId, type: 'other', action, subjectType: 'page', subjectId: id, name: input.title });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugError();
    throw err;
  }
  return getPage(db, id);
}

export async function deletePage(db: Kysely<DB>, actorId: number, id: number): Promise<void> {
  const existing = await getPage(db, id);
  await db.transaction().execute(async (trx) => {
    await deletePageRow(trx, id);
    await logActivity(trx, { userId: actorId, type: 'other', action: 'deleted', subjectType: 'page', subjectId: id, name: existing.title, properties: { slug: existing.slug } });
  });
}
