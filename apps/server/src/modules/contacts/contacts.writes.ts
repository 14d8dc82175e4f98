import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { deleteContactRow, findContact, insertContact } from './contacts.repository.ts';

interface NewContact {
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: string;
}

export const storeContact = async (trx: Transaction<DB>, c: NewContact): Promise<number> => {
  const id = await insertContact(trx, c);
  await logActivity(trx, { userId: null, type: 'other', action: 'received', subjectType: 'contact', subjectId: id, name: `Message from ${c.name}` });
  return id;
};

export const deleteContact = async (trx: Transaction<DB>, { actorId, id }: { actorId: number; id: number }): Promise<void> => {
  const existing = await findContact(trx, id);
  if (!existing) throw AppError.notFound();
  await deleteContactRow(trx, id);
  await logActivity(trx, { userId: actorId, type: 'other', action: 'deleted', subjectType: 'contact', subjectId: id, name: `Message from ${existing.name}` });
};
