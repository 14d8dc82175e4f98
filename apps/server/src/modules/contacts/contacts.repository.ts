import type { Kysely } from 'kysely';
import type { ContactItem } from '@app/shared/schemas/contact.schema';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../lib/pagination.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

type Db = Kysely<DB>;
const COLUMNS = ['id', 'name', 'email', 'subject', 'message', 'created_at'] as const;

export async function listContactRows(db: Db, opts: { search?: string; limit: number; offset: number }): Promise<{ rows: ContactItem[]; total: number }> {
  let base = db.selectFrom('contacts');
  if (opts.search) {
    const s = opts.search;
    base = base.where((eb) => eb.or([containsText('contacts.name', s), containsText('contacts.email', s), containsText('contacts.subject', s)]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset).execute();
  return { rows, total: Number(n) };
}

export async function findContact(db: Db, id: number): Promise<ContactItem | undefined> {
  return db.selectFrom('contacts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertContact(
  trx: Db,
  values: { name: string; email: string; subject: string; message: string; ip: string | null; created_at: string },
): Promise<number> {
  return (await trx.insertInto('contacts').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteContactRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('contacts').where('id', '=', id).execute();
}

/** Where the log's entries about a contact message link: the messages screen, while the message exists. */
export const contactActivityLinks: ActivityLinks = async (db, ids) => pathsById(await db.selectFrom('contacts').select('id').where('id', 'in', ids).execute(), () => '/dashboard/contacts');
