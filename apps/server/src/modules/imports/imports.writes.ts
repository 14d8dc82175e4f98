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
import * as repo from './imports.repository.ts';

/**
 * An import's commit and its undo, each inside one transaction (imports.service runs them): every
 * kept row's record written, each row told what was done with it, one activity-log entry with
 * the counts. A failure anywhere leaves nothing written.
 */

type CommitBody = z.output<typeof importCommitSchema>;

export function committer(trx: Transaction<DB>, rec: repo.ImportRecord, userId: number, body: CommitBody) {
  const counts = { created: 0, updated: 0, skipped: 0 };
  const now = nowIso();
  // The record each child's key was written to by this commit: a later row of the same child updates it, or is skipped.
  const written = new Map<string, number>();
  return {
    async row(id: number, number: number, checked: CheckedRow, dup: { row: number | null; id: number | null }) {
      if (!checked.data || !checked.key) {
        counts.skipped++;
        await repo.updateRow(trx, id, { action: 'skipped' });
        return;
      }
      const target = written.get(checked.key) ?? dup.id;
      if (target !== null && target !== undefined) {
        const choice = body.choices?.[String(number)] ?? body.duplicates;
        if (choice === 'skip') {
          counts.skipped++;
          await repo.updateRow(trx, id, { action: 'skipped', record_id: target });
          return;
        }
        // The fields the match was made on stay as kept: they differ at most in case and spelling.
        const { first_name: _f, last_name: _l, father_name: _p, dob: _d, ...given } = checked.given as Partial<OrphanData>;
        const updated = await childImports.updateChildFromImport(trx, { id: target, siteId: rec.site_id, given, userId });
        if (!updated) throw AppError.conflict(MSG.undoChanged);
        // A child updated twice by one import is put back, on undo, as it was before the first.
        const earlier = await trx.selectFrom('import_rows').select('before').where('import_id', '=', rec.id).where('record_id', '=', target).where('action', '=', 'updated').executeTakeFirst();
        counts.updated++;
        await repo.updateRow(trx, id, { action: 'updated', record_id: target, before: earlier ? null : JSON.stringify(updated.before), version: updated.version });
        if (earlier) await trx.updateTable('import_rows').set({ version: updated.version }).where('import_id', '=', rec.id).where('record_id', '=', target).execute();
        return;
      }
      const made = await childImports.insertImportedChild(trx, { data: checked.data, siteId: rec.site_id, userId, now });
      written.set(checked.key, made.id);
      counts.created++;
      await repo.updateRow(trx, id, { action: 'created', record_id: made.id, version: made.version });
    },
    async finish(rows: number) {
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
  const updated = rows.filter((r) => r.action === 'updated' && r.before !== null);
  const items = [...created, ...rows.filter((r) => r.action === 'updated')].map((r) => ({ id: r.record_id!, version: r.version!, created: r.action === 'created' }));
  const unique = [...new Map(items.map((i) => [i.id, i])).values()];
  const changed = await childImports.childrenChangedSince(trx, unique);
  if (changed.length) throw new AppError(409, MSG.undoChanged, { records: changed.map((c) => `${c.name} (${c.id})`) });
  await childImports.removeImportedChildren(trx, created.map((r) => r.record_id!));
  for (const r of updated) await childImports.restoreChildColumns(trx, r.record_id!, JSON.parse(r.before!) as childImports.ChildColumns);
  const counts = { removed: created.length, restored: updated.length };
  await logActivity(trx, { userId, type: 'orphan', action: 'import_undone', subjectType: 'import', subjectId: rec.id, name: rec.file_name, properties: { kind: rec.kind, ...counts } });
  return counts;
}
