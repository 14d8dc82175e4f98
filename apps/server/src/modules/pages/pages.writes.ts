import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { PAGE_MSG } from '@app/shared/schemas/page.schema';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { deletePageRow, findPage, insertPage, slugTaken, updatePageRow, type PageValues } from './pages.repository.ts';

/** Every write to a content page; values arrive sanitised (pages.service.ts). */

export const slugError = () => AppError.validation('slug', PAGE_MSG.slugTaken);

export const createPage = async (trx: Transaction<DB>, { actorId, values }: { actorId: number; values: PageValues & { created_at: string } }): Promise<number> => {
  if (await slugTaken(trx, values.slug)) throw slugError();
  const id = await insertPage(trx, values);
  await logActivity(trx, { userId: actorId, type: 'other', action: 'created', subjectType: 'page', subjectId: id, name: values.title });
  return id;
};

export const updatePage = async (trx: Transaction<DB>, { actorId, id, values }: { actorId: number; id: number; values: PageValues }): Promise<void> => {
  const existing = await findPage(trx, id);
  if (!existing) throw AppError.notFound();
  if (await slugTaken(trx, values.slug, id)) throw slugError();
  await updatePageRow(trx, id, values);
  const wasPublished = existing.is_published === 1;
  const action = values.is_published === 1 && !wasPublished ? 'published' : values.is_published === 0 && wasPublished ? 'unpublished' : 'updated';
  await logActivity(trx, { userId: actorId, type: 'other', action, subjectType: 'page', subjectId: id, name: values.title });
};

export const deletePage = async (trx: Transaction<DB>, { actorId, id }: { actorId: number; id: number }): Promise<void> => {
  const existing = await findPage(trx, id);
  if (!existing) throw AppError.notFound();
  await deletePageRow(trx, id);
  await logActivity(trx, { userId: actorId, type: 'other', action: 'deleted', subjectType: 'page', subjectId: id, name: existing.title, properties: { slug: existing.slug } });
};
