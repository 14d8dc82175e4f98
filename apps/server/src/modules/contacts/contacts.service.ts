import type { Kysely } from 'kysely';
import type { ContactItem } from '@app/shared/schemas/contact.schema';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import { findContact, listContactRows } from './contacts.repository.ts';
import * as contactWrites from './contacts.writes.ts';

export async function storeContact(
  db: Kysely<DB>,
  input: { name: string; email: string; subject: string; message: string },
  ip: string | null,
): Promise<number> {
  return db.transaction().execute((trx) => contactWrites.storeContact(trx, { ...input, email: input.email.toLowerCase(), ip, created_at: nowIso() }));
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
  await db.transaction().execute((trx) => contactWrites.deleteContact(trx, { actorId, id }));
}
