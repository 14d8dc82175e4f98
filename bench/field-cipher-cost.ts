/**
 * What sealed fields cost a child's details read and a list page (decision 0060): in the bench's
 * own process, on the bench's database (sealed by the server's first start), the same read twice —
 * the row as the database gives it, and the row with its sealed values opened as the orphans
 * repository opens them. The product has no unsealed mode, so the raw read stands for "without
 * encryption"; the HTTP, sign-in and JSON costs a real request adds are left out of both, so their
 * ratio is an upper bound of what a request pays, and their difference is what opening adds to one.
 * The two are run in turn, the order swapped.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { FieldCipher, useFieldCipher } from '../apps/server/src/lib/field-cipher.ts';
import { listPageQuery } from '../apps/server/src/modules/orphans/orphans-list.repository.ts';
import { openChildRow } from '../apps/server/src/modules/orphans/orphan-sealing.ts';

export interface FieldCipherCost {
  details: { sealed: number[]; raw: number[] };
  list: { sealed: number[]; raw: number[] };
}

export async function fieldCipherCost(env: Record<string, string>, dataKey: string, child: () => number, children: number, seconds: number, pageSize: number): Promise<FieldCipherCost> {
  const config = loadConfig({ ...env, NODE_ENV: 'production' });
  const database = openDatabase(config);
  useFieldCipher(new FieldCipher(Buffer.from(dataKey, 'hex')));
  const db = database.db;
  const out: FieldCipherCost = { details: { sealed: [], raw: [] }, list: { sealed: [], raw: [] } };
  const time = async (f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  const details = (id: number, open: boolean) => async () => {
    const row = await db.selectFrom('orphans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return open ? openChildRow(row) : row;
  };
  const page = (offset: number, open: boolean) => async () => {
    const rows = await listPageQuery(db, database.dialect, { words: [], trashed: false, scope: { all: true } }, 'last_name', pageSize, offset).execute();
    return open ? rows.map(openChildRow) : rows;
  };
  try {
    const end = performance.now() + seconds * 1000;
    for (let i = 0; performance.now() < end; i++) {
      const id = child();
      const offset = pageSize * Math.floor(id % Math.max(1, Math.floor(children / pageSize)));
      for (const open of i % 2 ? [true, false] : [false, true]) {
        (open ? out.details.sealed : out.details.raw).push(await time(details(id, open)));
        (open ? out.list.sealed : out.list.raw).push(await time(page(offset, open)));
      }
    }
    return out;
  } finally {
    await database.destroy();
  }
}
