import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A child's moves between sites: written with the move, read as the child's history. */

type Executor = Kysely<DB> | Transaction<DB>;

export interface TransferRow {
  id: number;
  date: string;
  reason: string;
  created_at: string;
  from_id: number;
  from_name: string;
  to_id: number;
  to_name: string;
  user_id: number | null;
  user_name: string | null;
}

export async function insertTransferRow(
  trx: Executor,
  values: { orphan_id: number; from_site_id: number; to_site_id: number; date: string; reason: string; user_id: number | null; created_at: string },
): Promise<number> {
  return (await trx.insertInto('transfers').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The child's moves, latest first (by the day moved, then as recorded), with the sites' and the recorder's names. */
export function transferRows(db: Executor, orphanId: number, onlyId?: number): Promise<TransferRow[]> {
  let q = db
    .selectFrom('transfers')
    .innerJoin('sites as f', 'f.id', 'transfers.from_site_id')
    .innerJoin('sites as t', 't.id', 'transfers.to_site_id')
    .leftJoin('users', 'users.id', 'transfers.user_id')
    .select([
      'transfers.id', 'transfers.date', 'transfers.reason', 'transfers.created_at',
      'f.id as from_id', 'f.name as from_name', 't.id as to_id', 't.name as to_name',
      'transfers.user_id', 'users.name as user_name',
    ])
    .where('transfers.orphan_id', '=', orphanId);
  if (onlyId !== undefined) q = q.where('transfers.id', '=', onlyId);
  return q.orderBy('transfers.date', 'desc').orderBy('transfers.id', 'desc').execute();
}
