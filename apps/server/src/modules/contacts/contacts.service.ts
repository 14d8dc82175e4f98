import type { Kysely } from 'kysely';
import type { ContactItem } from '@app/shared/schemas/contact.schema';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import { deleteContactRow, findContact, insertContact, listContactRows } from './contacts.repository.ts';

export async function storeContact(
  db: Kysely<DB>,
  input: { name: string; email: string; subject: string; message: string },
  ip: string | null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await insertContact(trx, { ...input, email: input.email.toLowerCase(), ip, created_at: nowIso() });
    await logActivity(trx, { userId: null, type: 'other', action: 'received', subjectType: 'contact', subjectId: id, name: `Message from ${input.name}` });
    return id;
  });
}

export async function listContacts(db: Kysely<DB>, q: { page: number; per_page?: number; search?: string }): Promise<NestedPaged<ContactItem>> {
  const perPage = q.per_page ?? (await defaultPerPage(db));
  const { rows, total } = await listContactRows(db, { search: q.search || undefined, limit: perPage, offset: (q.page - 1) * perPage });
  return { data: { data: rows, meta: pageMeta(total, q.page, perPage) } };
}

export async function getContact(db: Kysely<DB>, id: number): Promise<ContactItem> {
  const row = await findContact(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

export async function deleteContact(db: Kysely<DB>, actorId: number, id: number): Promise<void> {
  const existing = await getContact(db, id);
  await db.transaction().execute(async (trx) => {
    await deleteContactRow(trx, id);
    await logActivity(trx, { userId: actorId, type: 'other', action: 'deleted', subjectType: 'contact', subjectId: id, name: `Message from ${existing.name}` });
  });
}
