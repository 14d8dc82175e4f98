import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ErrorCode } from '@app/shared/messages';
import { AppError } from './app-error.ts';

/** The tables of records a phone's outbox writes; each keeps who saved a row last (`updated_by`). */
type SavedBy = 'attendances' | 'results';

/**
 * A 409 that carries the record as it now is and who saved it last, when (`current`), so that a
 * client holding a change it could not send — a phone's outbox — can show both side by side,
 * field by field, and let the teacher choose. The record is answered as its own GET answers it.
 */
export async function conflictWithCurrent<T extends { id: number; updated_at: string }>(
  db: Kysely<DB>,
  { message, code, table, data }: { message: string; code: ErrorCode; table: SavedBy; data: T },
): Promise<AppError> {
  const by = await db
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.updated_by`)
    .select(['users.id', 'users.name'])
    .where(`${table}.id`, '=', data.id)
    .executeTakeFirst();
  return AppError.conflict(message, code, { data, updated_by: by ? { id: by.id, name: by.name } : null, updated_at: data.updated_at });
}
