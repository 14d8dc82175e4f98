import type { Kysely, Selectable } from 'kysely';
import type { DB, PagesTable } from '../../db/schema.ts';
import { containsText } from '../../lib/pagination.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

type Db = Kysely<DB>;
export type PageRow = Selectable<PagesTable>;
export type PageValues = Omit<PageRow, 'id' | 'created_at'>;

export async function listPageRows(db: Db, opts: { search?: string; limit: number; offset: number }): Promise<{ rows: PageRow[]; total: number }> {
  let base = db.selectFrom('pages');
  if (opts.search) base = base.where((eb) => eb.or([containsText('pages.title', opts.search!), containsText('pages.slug', opts.search!)]));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset).execute();
  return { rows, total: Number(n) };
}

export async function findPage(db: Db, id: number): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPublishedPage(db: Db, slug: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('slug', '=', slug).where('is_published', '=', 1).executeTakeFirst();
}

export async function publishedLinks(db: Db): Promise<{ title: string; slug: string }[]> {
  return db.selectFrom('pages').select(['title', 'slug']).where('is_published', '=', 1).orderBy('title').execute();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('pages').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertPage(trx: Db, values: PageValues & { created_at: string }): Promise<number> {
  return (await trx.insertInto('pages').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePageRow(trx: Db, id: number, values: PageValues): Promise<void> {
  await trx.updateTable('pages').set(values).where('id', '=', id).execute();
}

export async function deletePageRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('pages').where('id', '=', id).execute();
}

/** Where the log's entries about a site page link: the pages screen, while the page exists. */
export const pageActivityLinks: ActivityLinks = async (db, ids) => pathsById(await db.selectFrom('pages').select('id').where('id', 'in', ids).execute(), () => '/dashboard/pages');
