import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { IMPORT_MESSAGES as MSG, type importCommitSchema } from '@app/shared/schemas/import.schema';
import type { OrphanData } from '@app/shared/schemas/orphan.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { childImports } from '../orphans/orphans.service.ts';
import type { CheckedRow } from './orphan-import-rows.ts';
import { childKey } from './orphan-import-fields.ts';
import * as repo from './imports.repository.ts';
import { openStaged, sealStaged } from './import-rows-sealing.ts';

/**
 * An import's commit and its undo, each inside one transaction (imports.service runs them): every
 * kept row's record written, each row told what was done with it, one activity-log entry with
 * the counts. A failure anywhere leaves nothing written.
 */

type CommitBody = z.output<typeof importCommitSchema>;

export function committer(trx: Transaction<DB>, rec: repo.ImportRecord, userId: number, body: CommitBody) {
  const counts = { created: 0, updated: 0, skipped: 0 };
  const now = nowIso();
  // The record each child's key was written to by this commit ('pending' until its batch is
  // stored): a later row of the same child updates it, or is skipped.
  const written = new Map<string, number | 'pending'>();
  // Children are added a batch at a time, and the rows told so together.
  let pending: Array<{ rowId: number; key: string; data: OrphanData }> = [];
  let marks: Parameters<typeof repo.markRows>[1][number][] = [];

  async function flush() {
    const batch = pending;
    pending = [];
    const made = await childImports.insertImportedChildren(trx, { data: batch.map((p) => p.data), siteId: rec.site_id, userId, now });
    const byKey = new Map(made.map((m) => [childKey(m), m]));
    for (const p of batch) {
      const child = byKey.get(p.key);
      if (!child) throw new Error('An added child was not answered back.');
      written.set(p.key, child.id);
      marks.push({ id: p.rowId, action: 'created', record_id: child.id, version: child.version });
    }
    await repo.markRows(trx, marks);
    marks = [];
  }

  return {
    async row(id: number, number: number, checked: CheckedRow, dup: { row: number | null; id: number | null }) {
      if (!checked.data || !checked.key) {
        marks.push({ id, action: 'skipped', record_id: null, version: null });
        return;
      }
      if (written.get(checked.key) === 'pending') await flush();
      const target = (written.get(checked.key) as number | undefined) ?? dup.id;
      if (target !== null && target !== undefined) {
        const choice = body.choices?.[String(number)] ?? body.duplicates;
        if (choice === 'skip') {
          marks.push({ id, action: 'skipped', record_id: target, version: null });
          return;
        }
        // The fields the match was made on stay as kept: they differ at most in case and spelling.
        const { first_name: _f, last_name: _l, father_name: _p, dob: _d, ...given } = checked.given as Partial<OrphanData>;
        const updated = await childImports.updateChildFromImport(trx, { id: target, siteId: rec.site_id, given, userId });
        if (!updated) throw AppError.conflict(MSG.undoChanged);
        // A child updated twice by one import is put back, on undo, as it was before the first.
        const earlier = await trx.selectFrom('import_rows').select('before').where('import_id', '=', rec.id).where('record_id', '=', target).where('action', '=', 'updated').executeTakeFirst();
        counts.updated++;
        await repo.updateRow(trx, id, { action: 'updated', record_id: target, before: earlier ? null : sealStaged(rec.id, number, 'before', JSON.stringify(updated.before)), version: updated.version });
        await trx.updateTable('import_rows').set({ version: updated.version }).where('import_id', '=', rec.id).where('record_id', '=', target).where('action', 'in', ['updated', 'created']).execute();
        return;
      }
      pending.push({ rowId: id, key: checked.key, data: checked.data });
      written.set(checked.key, 'pending');
      counts.created++;
      if (pending.length >= 100) await flush();
    },
    async finish(rows: number) {
      await flush();
      counts.skipped = rows - counts.created - counts.updated;
      await repo.updateImport(trx, rec.id, { created_count: counts.created, updated_count: counts.updated, skipped_count: counts.skipped });
      await logActivity(trx, {
        userId,
        type: 'orphan',
        action: 'imported',
        subjectType: 'import',
        subjectId: rec.id,
        name: rec.file_name,
        properties: { kind: rec.kind, ...counts },
      });
      return counts;
    },
  };
}

/**
 * Remove the children the import added and give those it updated their values back — unless
 * any of them changed since (or an added child has records of its own): then nothing is undone,
 * and the answer lists them.
 */
export async function undo(trx: Transaction<DB>, rec: repo.ImportRecord, userId: number): Promise<{ removed: number; restored: number }> {
  if (!(await repo.updateImport(trx, rec.id, { status: 'undone', undone_at: nowIso() }, 'committed'))) throw AppError.conflict(MSG.notCommitted);
  const rows = await repo.committedRows(trx, rec.id);
  const created = rows.filter((r) => r.action === 'created');
  const added = new Set(created.map((r) => r.record_id));
  // A child the import added and then updated goes with the added ones; nothing to put back.
  const updated = rows.filter((r) => r.action === 'updated' && r.before !== null && !added.has(r.record_id));
  const items = [...created, ...rows.filter((r) => r.action === 'updated')].map((r) => ({ id: r.record_id!, version: r.version!, created: r.action === 'created' }));
  const unique = [...new Map(items.map((i) => [i.id, i])).values()];
  const changed = await childImports.childrenChangedSince(trx, unique);
  if (changed.length) throw new AppError(409, MSG.undoChanged, { records: changed.map((c) => `${c.name} (${c.id})`) });
  await childImports.removeImportedChildren(trx, created.map((r) => r.record_id!));
  for (const r of updated) await childImports.restoreChildColumns(trx, r.record_id!, JSON.parse(openStaged(r, 'before', r.before!)) as childImports.ChildColumns);
  const counts = { removed: created.length, restored: updated.length };
  await logActivity(trx, { userId, type: 'orphan', action: 'import_undone', subjectType: 'import', subjectId: rec.id, name: rec.file_name, properties: { kind: rec.kind, ...counts } });
  return counts;
}
